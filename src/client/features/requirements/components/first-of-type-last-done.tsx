import { useEffect, useMemo } from 'react';
import type { FieldArrayWithId, UseFormReturn } from 'react-hook-form';
import type { InspectionType } from '@shared/enums';
import type { LibraryRequirement } from '@shared/schemas/requirement';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { usePropertyRequirements } from '../api/use-property-requirements';
import { useRequirementLibrary } from '../api/use-requirement-library';
import { activityIds, type ActivityChoice } from './activity-field';
import { LastDoneFields } from './last-done-fields';
import type { LastDoneRow } from './last-done-form';
import { typeLabel } from './requirement-text';

export interface FirstOfType {
  /** idle: nothing chosen yet, or the property has the type; asking: the rows are the other checks. */
  status: 'idle' | 'checking' | 'error' | 'asking';
  itemType: InspectionType | '';
  /** The library entries asked, in the rows' order. */
  entries: LibraryRequirement[];
  retry: () => void;
}

/**
 * Whether the inspection being scheduled is the property's first of its type, and so adds that
 * safety item (issue 35): then each of the item's requirements other than the one the
 * inspection is for gets a row asking when it was last done. The answers already given stay
 * with their requirement when the activity changes.
 */
export function useFirstOfType(input: {
  propertyId: number | undefined;
  itemType: InspectionType | '';
  activity: ActivityChoice;
  getRows: () => LastDoneRow[];
  replaceRows: (rows: LastDoneRow[]) => void;
}): FirstOfType {
  const { propertyId, itemType, activity } = input;
  const requirements = usePropertyRequirements(propertyId);
  const library = useRequirementLibrary();
  const chosen = propertyId !== undefined && itemType !== '';
  const adding = chosen && requirements.isSuccess && !requirements.data.some((r) => r.itemType === itemType);

  const entries = useMemo(() => {
    if (!adding) return [];
    const ofType = (library.data ?? []).filter((entry) => entry.itemType === itemType);
    const own = ofType.find((entry) => entry.id === activityIds(activity).libraryId) ?? ofType.find((entry) => entry.principal);
    return ofType.filter((entry) => entry !== own);
  }, [adding, library.data, itemType, activity]);
  const asked = entries.map((entry) => entry.id).join(',');

  useEffect(() => {
    const given = new Map(input.getRows().map((row) => [row.libraryId, row]));
    input.replaceRows(entries.map((entry) => given.get(entry.id) ?? { libraryId: entry.id, lastDoneOn: '', notKnown: false }));
  }, [asked]);

  let status: FirstOfType['status'] = 'idle';
  if (chosen && requirements.isPending) status = 'checking';
  else if (chosen && requirements.isError) status = 'error';
  else if (adding && library.isPending) status = 'checking';
  else if (adding && entries.length > 0) status = 'asking';
  const retry = () => void (requirements.isError ? requirements.refetch() : library.refetch());
  return { status, itemType, entries, retry };
}

interface FirstOfTypeLastDoneProps<T extends { rows: LastDoneRow[] }> {
  state: FirstOfType;
  form: UseFormReturn<T>;
  fields: FieldArrayWithId<{ rows: LastDoneRow[] }, 'rows', 'key'>[];
  today: string;
  propertyName: string | undefined;
  className?: string;
}

/** The schedule form's "This adds <type> to <property>. When was each of its other checks last done?" */
export function FirstOfTypeLastDone<T extends { rows: LastDoneRow[] }>({ state, form, fields, today, propertyName, className }: FirstOfTypeLastDoneProps<T>) {
  if (state.status === 'idle' || state.itemType === '') return null;
  const label = typeLabel(state.itemType);
  if (state.status === 'checking') {
    return (
      <p role="status" className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
        <Spinner /> Checking whether this property has {label} already…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
        <span>Could not check whether this property has {label} already. If this is its first, its other checks get estimated dates.</span>
        <Button type="button" variant="outline" size="sm" onClick={state.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (fields.length === 0) return null;
  return (
    <div className={className}>
      <LastDoneFields
        form={form}
        fields={fields}
        entries={state.entries}
        today={today}
        legend={`This adds ${label} to ${propertyName ?? 'this property'}. When was each of its other checks last done?`}
      />
    </div>
  );
}
