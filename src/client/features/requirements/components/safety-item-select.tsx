import type { ComponentProps } from 'react';
import type { InspectionType } from '@shared/enums';
import { Select } from '@/components/ui/select';
import { typeLabel } from './requirement-text';

/** A select of safety items by name, opening on an empty "Select a safety item". */
export function SafetyItemSelect({ types, ...props }: Omit<ComponentProps<'select'>, 'children'> & { types: readonly InspectionType[] }) {
  return (
    <Select {...props}>
      <option value="">Select a safety item</option>
      {types.map((type) => (
        <option key={type} value={type}>
          {typeLabel(type)}
        </option>
      ))}
    </Select>
  );
}
