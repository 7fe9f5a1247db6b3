import { useId, useState, type FormEvent } from 'react';
import type { Requirement } from '@shared/schemas/requirement';
import { countsFromFieldLabel, countsFromUnknown } from '@shared/counts-from';
import { serverMessage } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useUpdateRequirement } from '../api/use-requirement-mutations';

/**
 * A field test or replacement counted from installation or manufacture whose day nobody gave
 * (decision 041): the row says to check the label and, for someone who may change the
 * schedule, takes the day (the 1st of the month is enough), which the first due date counts from.
 */
export function CountsFromDate({ requirement, today, canEdit }: { requirement: Requirement; today: string; canEdit: boolean }) {
  const id = useId();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRequirement(requirement.propertyId);
  const label = countsFromFieldLabel(requirement.countsFrom) ?? 'Installed on';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) return setError('Enter the day, or the 1st of the month on the label');
    if (day > today) return setError('It cannot be in the future');
    setError(null);
    update.mutate(
      { id: requirement.id, values: { countsFromDate: day } },
      {
        onError: (e) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(e, 'Failed to save the date. Please try again.') }),
      },
    );
  };

  return (
    <div className="space-y-2 text-sm">
      <p className="text-amber-800">{countsFromUnknown(requirement.countsFrom)}</p>
      {canEdit ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="min-w-0 flex-1 basis-40 space-y-1">
            <label htmlFor={`${id}-day`} className="font-medium">
              {label}
            </label>
            <Input
              id={`${id}-day`}
              type="date"
              max={today}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive">
                {error}
              </p>
            ) : (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                The month and year on the label are enough: choose the 1st.
              </p>
            )}
          </div>
          <Button type="submit" variant="outline" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
