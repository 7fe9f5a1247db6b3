import { useId, useState, type ReactNode } from 'react';
import type { FieldArrayWithId, UseFormReturn } from 'react-hook-form';
import type { LibraryRequirement } from '@shared/schemas/requirement';
import { intervalLabel } from '@shared/intervals';
import { countsFromFieldLabel } from '@shared/counts-from';
import { FormField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { LastDoneRow } from './last-done-form';

type RowsForm = { rows: LastDoneRow[] };

interface LastDoneFieldsProps<T extends RowsForm> {
  /** The form holding `rows`, one per requirement asked, in the order the call lists them. */
  form: UseFormReturn<T>;
  fields: FieldArrayWithId<RowsForm, 'rows', 'key'>[];
  /** The library entries the rows are for: their names, intervals and sources. */
  entries: LibraryRequirement[];
  today: string;
  legend: ReactNode;
}

/**
 * "When was each last done?": for each requirement of a safety item being added, a day (not
 * in the future) or "Not known" (then it is due now), issue 35. Used by "Add safety item" and
 * by the first inspection of a type.
 */
export function LastDoneFields<T extends RowsForm>({ form: typed, fields, entries, today, legend }: LastDoneFieldsProps<T>) {
  // Only `rows` is touched here; the rest of the form is its owner's.
  const form = typed as unknown as UseFormReturn<RowsForm>;
  const id = useId();
  const [sameDay, setSameDay] = useState('');
  const values = form.watch('rows');
  const errors = form.formState.errors.rows;

  // A day for all is a last-done day, not an installation or manufacture day: rows counted from
  // those become Not known (estimated a year out) unless one was typed.
  const fromADay = (libraryId: number) => countsFromFieldLabel(entries.find((e) => e.id === libraryId)?.countsFrom ?? 'last_done') !== null;
  const applyToAll = (patch: { lastDoneOn: string; notKnown: boolean }) => {
    fields.forEach((field, i) => {
      if (!patch.notKnown && fromADay(field.libraryId)) {
        if (!values?.[i]?.lastDoneOn) form.setValue(`rows.${i}.notKnown`, true, { shouldDirty: true });
        return;
      }
      form.setValue(`rows.${i}.lastDoneOn`, patch.lastDoneOn, { shouldDirty: true });
      form.setValue(`rows.${i}.notKnown`, patch.notKnown, { shouldDirty: true });
    });
    if (form.formState.isSubmitted) void form.trigger('rows');
  };

  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border bg-muted/40 p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <p className="text-sm text-muted-foreground">
        A requirement whose last date is not known is due now. A test or replacement counted from installation or manufacture asks for that date
        instead; not known, it is estimated a year out until you read the label.
      </p>
      {fields.length > 1 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-40 space-y-1">
            <label htmlFor={`${id}-same-day`} className="text-sm font-medium">
              Same day for all
            </label>
            <Input id={`${id}-same-day`} type="date" max={today} value={sameDay} onChange={(e) => setSameDay(e.target.value)} />
          </div>
          <Button type="button" variant="outline" disabled={!sameDay} onClick={() => applyToAll({ lastDoneOn: sameDay, notKnown: false })}>
            Use for all
          </Button>
          <Button type="button" variant="ghost" onClick={() => applyToAll({ lastDoneOn: '', notKnown: true })}>
            None known
          </Button>
        </div>
      ) : null}
      <ul className="space-y-3">
        {fields.map((field, i) => {
          const entry = entries.find((e) => e.id === field.libraryId);
          const notKnown = values?.[i]?.notKnown ?? false;
          const error = errors?.[i]?.lastDoneOn?.message;
          const name = entry?.activity ?? 'Requirement';
          // Installed on / Manufactured on: the month and year on the label are enough (decision 041).
          const fromLabel = entry ? countsFromFieldLabel(entry.countsFrom) : null;
          const fieldLabel = fromLabel ?? 'Last done';
          return (
            <li key={field.key} className="rounded-md border bg-background p-3">
              <p className="break-words text-sm font-medium">{name}</p>
              <p className="mb-2 text-xs text-muted-foreground">
                {entry ? `${intervalLabel(entry)} (${entry.source})` : null}
                {fromLabel ? ' · The month and year on the label are enough: choose the 1st.' : null}
              </p>
              <div className="flex flex-wrap items-end gap-3">
                <FormField label={fieldLabel} error={error} className="min-w-0 flex-1 basis-40 space-y-1">
                  {(control) => (
                    <Input
                      {...control}
                      type="date"
                      max={today}
                      aria-label={`${name}: ${fieldLabel.toLowerCase()}`}
                      disabled={notKnown}
                      {...form.register(`rows.${i}.lastDoneOn`)}
                    />
                  )}
                </FormField>
                <label className="flex h-10 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`${name}: ${fromLabel ? fieldLabel.replace(/ on$/, '').toLowerCase() : 'last done'} not known`}
                    {...form.register(`rows.${i}.notKnown`, { onChange: () => form.formState.isSubmitted && void form.trigger(`rows.${i}.lastDoneOn`) })}
                  />
                  Not known
                </label>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
