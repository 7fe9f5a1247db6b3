import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { appliesTo, questionsOf, type ItemAnswers } from '@shared/item-conditions';
import { isApiError, serverMessage } from '@/lib/api';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useAddSafetyItem } from '../api/use-requirement-mutations';
import { useRequirementLibrary } from '../api/use-requirement-library';
import { lastDoneFormSchema, rowOfServerField, toAddSafetyItemInput, type LastDoneForm } from './last-done-form';
import { LastDoneFields } from './last-done-fields';
import { typeLabel } from './requirement-text';
import { SafetyItemSelect } from './safety-item-select';
import { ItemQuestionsFields } from './item-questions-fields';

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
  // The questions about the item (optional): they choose which of its requirements apply.
  const [answers, setAnswers] = useState<ItemAnswers>({});
  const entries = useMemo(
    () => (library.data ?? []).filter((entry) => entry.itemType === chosen && appliesTo(entry.appliesWhen, answers)),
    [library.data, chosen, answers],
  );

  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);
  const questions = chosen ? questionsOf(chosen) : [];
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setAnswers({});
    setAnswerErrors({});
  }, [chosen, open]);
  // Each requirement of the chosen type that applies gets its own row, empty until a day or "Not
  // known" is given; what was typed stays when an answer adds or removes another row.
  useEffect(() => {
    const typed = new Map(form.getValues('rows').map((row) => [row.libraryId, row]));
    rows.replace(entries.map((entry) => typed.get(entry.id) ?? { libraryId: entry.id, lastDoneOn: '', notKnown: false }));
  }, [entries]);

  const onSubmit = form.handleSubmit((formValues) => {
    setFormError(null);
    // Without its requirements listed nothing was asked: never send "not known" for all unasked.
    if (formValues.rows.length === 0) {
      setFormError('The requirements of this item have not loaded yet. Try again in a moment.');
      return;
    }
    const principal = entries.find((e) => e.principal)?.id;
    setAnswerErrors({});
    const given = Object.keys(answers).length > 0 ? { answers } : {};
    add.mutate({ ...toAddSafetyItemInput(formValues, principal), ...given }, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Safety Item Added', description: `${typeLabel(formValues.itemType)} and its requirements are now on the schedule.` });
      },
      onError: (error) => {
        let applied = false;
        if (isApiError(error)) {
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const row = rowOfServerField(field);
            if (field.startsWith('answers.') && messages[0]) {
              setAnswerErrors((errors) => ({ ...errors, [field.slice(8)]: messages[0]! }));
              applied = true;
              continue;
            }
            const name = row !== undefined ? (`rows.${row}.lastDoneOn` as const) : field === 'itemType' ? ('itemType' as const) : null;
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
          {questions.length > 0 ? (
            <div className="space-y-2 rounded-md border p-3">
              <p className="text-sm text-muted-foreground">About these {typeLabel(chosen)} (optional): the answers decide which requirements apply. You can answer later.</p>
              <ItemQuestionsFields questions={questions} value={answers} onChange={setAnswers} errors={answerErrors} disabled={add.isPending} />
            </div>
          ) : null}
          {library.isPending && chosen ? <p className="text-sm text-muted-foreground">Loading its requirements…</p> : null}
          {library.isError ? <FormAlert>Could not load the requirements. Close this and try again.</FormAlert> : null}
          {rows.fields.length > 0 ? (
            <LastDoneFields form={form} fields={rows.fields} entries={entries} today={today} legend="When was each last done?" />
          ) : null}
          <FormDialogFooter pending={add.isPending}>Add Safety Item</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
