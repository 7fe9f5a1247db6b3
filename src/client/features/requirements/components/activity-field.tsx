import { useEffect, useMemo } from 'react';
import type { InspectionType } from '@shared/enums';
import { intervalLabel } from '@shared/intervals';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { usePropertyRequirements } from '../api/use-property-requirements';
import { useRequirementLibrary } from '../api/use-requirement-library';

/** A choice of the activity an inspection is for: a requirement the property has ('requirement:ID'), or a library entry ('library:ID'). */
export type ActivityChoice = `requirement:${number}` | `library:${number}` | '';

/** The message when a type has several activities and none is chosen (issue 37: no default). */
export const ACTIVITY_REQUIRED_MESSAGE = 'Choose which check this inspection is for';

export function activityIds(choice: ActivityChoice): { requirementId?: number; libraryId?: number } {
  const [kind, id] = choice.split(':');
  if (kind === 'requirement') return { requirementId: Number(id) };
  if (kind === 'library') return { libraryId: Number(id) };
  return {};
}

export interface ActivityOption {
  value: ActivityChoice;
  label: string;
  principal: boolean;
  id: number;
}

/**
 * The activities an inspection of `itemType` at the property can be for: its active
 * requirements of that type, or, for a safety item it does not have yet, the library's.
 */
export function useActivityOptions(propertyId: number | undefined, itemType: InspectionType | ''): { options: ActivityOption[]; loading: boolean } {
  const requirements = usePropertyRequirements(propertyId);
  const library = useRequirementLibrary();
  return useMemo(() => {
    if (!itemType) return { options: [], loading: false };
    const own = (requirements.data ?? []).filter((r) => r.itemType === itemType && r.active);
    if (own.length > 0) {
      return { options: own.map((r) => ({ value: `requirement:${r.id}` as ActivityChoice, label: `${r.activity} (${intervalLabel(r).toLowerCase()})`, principal: r.principal, id: r.id })), loading: false };
    }
    if (propertyId !== undefined && requirements.isPending) return { options: [], loading: true };
    const entries = (library.data ?? []).filter((entry) => entry.itemType === itemType);
    return {
      options: entries.map((entry) => ({ value: `library:${entry.id}` as ActivityChoice, label: `${entry.activity} (${intervalLabel(entry).toLowerCase()})`, principal: entry.principal, id: -1 })),
      loading: library.isPending,
    };
  }, [itemType, propertyId, requirements.data, requirements.isPending, library.data, library.isPending]);
}

/** The message to show when the form is sent: a type with several activities needs one chosen. */
export function activityProblem(options: ActivityOption[], value: ActivityChoice): string | undefined {
  return options.length > 1 && !options.some((o) => o.value === value) ? ACTIVITY_REQUIRED_MESSAGE : undefined;
}

interface ActivityFieldProps {
  options: ActivityOption[];
  loading?: boolean;
  itemType: InspectionType | '';
  value: ActivityChoice;
  onChange: (choice: ActivityChoice) => void;
  /** The requirement to choose first (a link from a due requirement, or the one already named), when it fits. */
  preferredRequirementId?: number;
  error?: string;
  className?: string;
}

/**
 * "Activity": which requirement the inspection is for. A type with several asks, with no default
 * (issue 37: a check of one requirement never resets another), unless the form names one; a
 * type with one has nothing to ask and shows it.
 */
export function ActivityField({ options, loading = false, itemType, value, onChange, preferredRequirementId, error, className = 'sm:col-span-2' }: ActivityFieldProps) {
  // A choice that no longer fits (another type or property) is cleared; a single one is taken.
  useEffect(() => {
    if (options.some((o) => o.value === value)) return;
    const preferred = options.find((o) => o.id === preferredRequirementId) ?? (options.length === 1 ? options[0] : undefined);
    onChange(preferred?.value ?? '');
  }, [options]);

  if (itemType && options.length === 1) {
    return (
      <div className={`space-y-2 ${className}`}>
        <p className="text-sm font-medium leading-none">Activity</p>
        <p className="text-sm">{options[0]!.label}</p>
        <p className="text-sm text-muted-foreground">The only check of this type.</p>
      </div>
    );
  }

  const hint = !itemType
    ? 'Choose an inspection type first.'
    : options.length === 0
      ? loading
        ? 'Loading the activities of this type...'
        : 'This type has no activity to choose.'
      : 'Which check this inspection is for: only that one counts as done.';

  return (
    <FormField label="Activity" error={error} hint={hint} className={className}>
      {(control) => (
        <Select {...control} required value={value} onChange={(event) => onChange(event.target.value as ActivityChoice)} disabled={options.length === 0}>
          <option value="">{options.length === 0 ? 'No activity to choose yet' : 'Choose which check'}</option>
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
