import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { intervalLabel } from '@shared/intervals';
import { isApiError, serverMessage } from '@/lib/api';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useAddSafetyItem } from '../api/use-requirement-mutations';
import { useRequirementLibrary } from '../api/use-requirement-library';
import { lastDoneFormSchema, toAddSafetyItemInput, type LastDoneForm } from './last-done-form';
import { typeLabel } from './requirement-text';
import { SafetyItemSelect } from './safety-item-select';

interface AddSafetyItemDialogProps {
  propertyId: number;
  /** The types the property has already: not offered again. */
  present: InspectionType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Add safety item": the property gets the library's requirements of that type, each asked
 * when it was last done (a day, or "Not known": then it is due now), issue 35.
 */
export function AddSafetyItemDialog({ propertyId, present, open, onOpenChange }: AddSafetyItemDialogProps) {
  const today = useToday();
  const add = useAddSafetyItem(propertyId);
  const library = useRequirementLibrary();
  const available = INSPECTION_TYPES.filter((type) => !present.includes(type));
  const defaults = (): LastDoneForm => ({ itemType: '' as InspectionType, rows: [] });
  const schema = useMemo(() => lastDoneFormSchema(today), [today]);
  const form = useForm<LastDoneForm>({ resolver: zodResolver(schema), defaultValues: defaults() });
  const rows = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const { errors } = form.formState;
  const chosen = form.watch('itemType');
  const values = form.watch('rows');
  const entries = useMemo(() => (library.data ?? []).filter((entry) => entry.itemType === chosen), [library.data, chosen]);
  const [sameDay, setSameDay] = useState('');

  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);
  useEffect(() => {
    if (open) setSameDay('');
  }, [open]);
  // Each requirement of the chosen type gets its own row, empty until a day or "Not known" is given.
  useEffect(() => {
    rows.replace(entries.map((entry) => ({ libraryId: entry.id, lastDoneOn: '', notKnown: false })));
  }, [entries]);

  const applyToAll = (patch: { lastDoneOn: string; notKnown: boolean }) => {
    rows.fields.forEach((_, i) => {
      form.setValue(`rows.${i}.lastDoneOn`, patch.lastDoneOn, { shouldDirty: true });
      form.setValue(`rows.${i}.notKnown`, patch.notKnown, { shouldDirty: true });
    });
    if (form.formState.isSubmitted) void form.trigger('rows');
  };

  const onSubmit = form.handleSubmit((formValues) => {
    setFormError(null);
    // Without its requirements listed nothing was asked: never send "not known" for all unasked.
    if (formValues.rows.length === 0) {
      setFormError('The requirements of this item have not loaded yet. Try again in a moment.');
      return;
    }
    const principal = entries.find((e) => e.principal)?.id;
    add.mutate(toAddSafetyItemInput(formValues, principal), {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Safety Item Added', description: `${typeLabel(formValues.itemType)} and its requirements are now on the schedule.` });
      },
      onError: (error) => {
        // The server names a row by its place in the list sent, which is the rows' order.
        let applied = false;
        if (isApiError(error)) {
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const match = /^requirements\.(\d+)\.lastDoneOn$/.exec(field);
            const name = match ? (`rows.${Number(match[1])}.lastDoneOn` as const) : field === 'itemType' ? ('itemType' as const) : null;
            if (name && messages[0]) {
              form.setError(name, { type: 'server', message: messages[0] });
              applied = true;
            }
          }
        }
        if (!applied) setFormError(serverMessage(error, 'Failed to add the safety item. Please try again.'));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Add safety item</DialogTitle>
          <DialogDescription>
            The property gets the standard requirements of the item. Say when each was last done: the next due date counts from that day. Switch off any that do not
            apply, or change their interval, afterwards.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label="Safety item" error={errors.itemType?.message}>
            {(control) => <SafetyItemSelect {...control} {...form.register('itemType')} types={available} />}
          </FormField>
          {library.isPending && chosen ? <p className="text-sm text-muted-foreground">Loading its requirements…</p> : null}
          {library.isError ? <FormAlert>Could not load the requirements. Close this and try again.</FormAlert> : null}
          {rows.fields.length > 0 ? (
            <fieldset className="space-y-3 rounded-md border bg-muted/40 p-3">
              <legend className="px-1 text-sm font-medium">When was each last done?</legend>
              <p className="text-sm text-muted-foreground">A requirement whose last date is not known is due now.</p>
              {rows.fields.length > 1 ? (
                <div className="flex flex-wrap items-end gap-2">
                  <div className="min-w-0 flex-1 space-y-1">
                    <label htmlFor="same-day-for-all" className="text-sm font-medium">
                      Same day for all
                    </label>
                    <Input id="same-day-for-all" type="date" max={today} value={sameDay} onChange={(e) => setSameDay(e.target.value)} />
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
                {rows.fields.map((field, i) => {
                  const entry = entries.find((e) => e.id === field.libraryId);
                  const notKnown = values?.[i]?.notKnown ?? false;
                  const error = errors.rows?.[i]?.lastDoneOn?.message;
                  const name = entry?.activity ?? 'Requirement';
                  return (
                    <li key={field.key} className="rounded-md border bg-background p-3">
                      <p className="break-words text-sm font-medium">{name}</p>
                      <p className="mb-2 text-xs text-muted-foreground">{entry ? `${intervalLabel(entry)} (${entry.source})` : null}</p>
                      <div className="flex flex-wrap items-end gap-3">
                        <FormField label="Last done" error={error} className="min-w-0 flex-1 basis-40 space-y-1">
                          {(control) => (
                            <Input
                              {...control}
                              type="date"
                              max={today}
                              aria-label={`${name}: last done`}
                              disabled={notKnown}
                              {...form.register(`rows.${i}.lastDoneOn`)}
                            />
                          )}
                        </FormField>
                        <label className="flex h-10 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="size-4"
                            aria-label={`${name}: last done not known`}
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
          ) : null}
          <FormDialogFooter pending={add.isPending}>Add Safety Item</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
