import { INSPECTION_TYPES } from '@shared/enums';
import { inspectionTypeLabel } from './inspection-text';

/** The seven inspection types as <option>s, in SPEC's order and with their labels. */
export function InspectionTypeOptions() {
  return (
    <>
      {INSPECTION_TYPES.map((type) => (
        <option key={type} value={type}>
          {inspectionTypeLabel(type)}
        </option>
      ))}
    </>
  );
}
