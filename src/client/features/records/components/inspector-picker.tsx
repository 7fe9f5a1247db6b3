import type { Inspector } from '@shared/schemas/inspector';
import { Select } from '@/components/ui/select';
import type { FieldControlProps } from '@/components/ui/form-field';
import { useInspectors } from '../api/record-queries';
import { LicenceNote } from './licence-note';

interface InspectorPickerProps {
  control: FieldControlProps;
  value: string;
  /** The chosen inspector, or undefined for "someone else" (free text stays possible). */
  onChange: (id: string, inspector: Inspector | undefined) => void;
}

/** One of the account's inspectors, with the licence shown (an expired one in red; it never blocks). */
export function InspectorPicker({ control, value, onChange }: InspectorPickerProps) {
  const { data: inspectors = [] } = useInspectors();
  const chosen = inspectors.find((i) => String(i.id) === value);
  return (
    <div className="space-y-1">
      <Select {...control} value={value} onChange={(e) => onChange(e.target.value, inspectors.find((i) => String(i.id) === e.target.value))}>
        <option value="">Not one of my inspectors</option>
        {inspectors.map((i) => (
          <option key={i.id} value={String(i.id)}>
            {i.name}
            {i.company ? ` (${i.company})` : ''}
            {i.licenceExpired ? ', licence expired' : ''}
          </option>
        ))}
      </Select>
      {chosen ? (
        <p className="text-sm">
          <LicenceNote licenceNumber={chosen.licenceNumber} licenceExpiresOn={chosen.licenceExpiresOn} expired={chosen.licenceExpired} />
        </p>
      ) : null}
    </div>
  );
}
