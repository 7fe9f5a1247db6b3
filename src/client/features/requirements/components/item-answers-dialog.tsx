import { useEffect, useState } from 'react';
import type { ItemAnswers } from '@shared/item-conditions';
import type { SafetyItemAnswers } from '@shared/schemas/safety-item-answers';
import { isApiError, serverMessage } from '@/lib/api';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { useSaveSafetyItemAnswers } from '../api/use-safety-item-answers';
import { ItemQuestionsFields } from './item-questions-fields';
import { typeLabel } from './requirement-text';

const answersOf = (item: SafetyItemAnswers): ItemAnswers => Object.fromEntries(item.questions.filter((q) => q.answer).map((q) => [q.key, q.answer!]));

interface ItemAnswersDialogProps {
  propertyId: number;
  item: SafetyItemAnswers;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Changing the answers about a safety item: what applies follows when saved. */
export function ItemAnswersDialog({ propertyId, item, open, onOpenChange }: ItemAnswersDialogProps) {
  const save = useSaveSafetyItemAnswers(propertyId, item.itemType);
  const [answers, setAnswers] = useState<ItemAnswers>(() => answersOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const label = typeLabel(item.itemType);

  useEffect(() => {
    if (!open) return;
    setAnswers(answersOf(item));
    setErrors({});
    setFormError(null);
  }, [open, item]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    save.mutate(answers, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Answers Saved', description: `The requirements of the ${label} follow them.` });
      },
      onError: (error) => {
        const fields = isApiError(error)
          ? Object.fromEntries(Object.entries(error.fieldErrors).flatMap(([field, messages]) => (field.startsWith('answers.') && messages[0] ? [[field.slice(8), messages[0]]] : [])))
          : {};
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFormError(serverMessage(error, 'Failed to save the answers. Please try again.'));
      },
    });
  };

  const dirty = JSON.stringify(answers) !== JSON.stringify(answersOf(item));
  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent dirty={dirty}>
        <DialogHeader>
          <DialogTitle>About these {label}</DialogTitle>
          <DialogDescription>
            The answers decide which requirements apply. One that no longer applies is kept with its history under “Does not apply here”; one that now applies is added,
            last done not known, so due now.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <ItemQuestionsFields questions={item.questions} value={answers} onChange={setAnswers} errors={errors} disabled={save.isPending} />
          <FormDialogFooter pending={save.isPending}>Save Answers</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
