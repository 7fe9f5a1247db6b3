import { useEffect, useMemo } from 'react';
import type { InspectionType } from '@shared/enums';
import { intervalLabel } from '@shared/intervals';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { usePropertyRequirements } from '../api/use-property-requirements';
import { useRequirementLibrary } from '../api/use-requirement-library';

/** A choice of the activity an inspection is for: a requirement the property has ('requirement:ID'), or a library entry ('library:ID'). */
export type ActivityChoice = `requirement:${number}` | `library:${number}` | '';

export function activityIds(choice: ActivityChoice): { requirementId?: number; libraryId?: number } {
  const [kind, id] = choice.split(':');
  if (kind === 'requirement') return { requirementId: Number(id) };
  if (kind === 'library') return { libraryId: Number(id) };
  return {};
}

interface ActivityFieldProps {
  propertyId: number | undefined;
  itemType: InspectionType | '';
  value: ActivityChoice;
  onChange: (choice: ActivityChoice) => void;
  /** The requirement to choose first (a link from a due requirement), when it fits. */
  preferredRequirementId?: number;
  error?: string;
}

/**
 * The schedule form's "Activity": the requirements of the chosen type at the chosen property,
 * or, for a safety item the property does not have yet, the library's; the principal (annual)
 * one by default.
 */
export function ActivityField({ propertyId, itemType, value, onChange, preferredRequirementId, error }: ActivityFieldProps) {
  const requirements = usePropertyRequirements(propertyId);
  const library = useRequirementLibrary();
  const options = useMemo(() => {
    if (!itemType) return [];
    const own = (requirements.data ?? []).filter((r) => r.itemType === itemType && r.active);
    if (own.length > 0) {
      return own.map((r) => ({ value: `requirement:${r.id}` as ActivityChoice, label: `${r.activity} (${intervalLabel(r).toLowerCase()})`, principal: r.principal, id: r.id }));
    }
    if (propertyId !== undefined && requirements.isPending) return [];
    return (library.data ?? [])
      .filter((entry) => entry.itemType === itemType)
      .map((entry) => ({ value: `library:${entry.id}` as ActivityChoice, label: `${entry.activity} (${intervalLabel(entry).toLowerCase()})`, principal: entry.principal, id: -1 }));
  }, [itemType, propertyId, requirements.data, requirements.isPending, library.data]);

  // A choice that no longer fits (another type or property) gives way to the default one.
  useEffect(() => {
    if (options.some((o) => o.value === value)) return;
    const preferred = options.find((o) => o.id === preferredRequirementId) ?? options.find((o) => o.principal) ?? options[0];
    onChange(preferred?.value ?? '');
  }, [options]);

  const hint = !itemType
    ? 'Choose an inspection type first.'
    : options.length === 0
      ? 'Loading the activities of this type...'
      : 'Which requirement this inspection fulfils; the annual one by default.';

  return (
    <FormField label="Activity" error={error} hint={hint} className="sm:col-span-2">
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value as ActivityChoice)} disabled={options.length === 0}>
          {options.length === 0 ? <option value="">No activity to choose yet</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
