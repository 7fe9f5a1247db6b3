import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { correctDeficiencySchema, type CorrectDeficiencyInput, type Deficiency } from '@shared/schemas/deficiency';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { toastWithUndo } from '@/components/undo-toast';
import { toastKept } from '@/components/kept-toast';
import { isApiError, serverMessage } from '@/lib/api';
import { useAuth } from '@/app/auth-context';
import { useToday } from '@/features/inspections/api/use-today';
import { useCorrectDeficiency } from '../api/record-queries';

interface Props {
  deficiency: Deficiency | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Records how a deficiency was corrected: the day, who did it, and a note. */
export function CorrectDeficiencyDialog({ deficiency, open, onOpenChange }: Props) {
  const today = useToday();
  const { user } = useAuth();
  const correct = useCorrectDeficiency();
  const queryClient = useQueryClient();
  const form = useForm<CorrectDeficiencyInput>({
    resolver: zodResolver(correctDeficiencySchema),
    defaultValues: { correctedOn: today, correctedBy: user?.fullName ?? '', note: '' },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset({ correctedOn: today, correctedBy: user?.fullName ?? '', note: '' });
  }, [open, deficiency?.id, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (!deficiency) return;
    correct.mutate(
      {
        id: deficiency.id,
        correctedOn: values.correctedOn,
        correctedBy: values.correctedBy,
        note: values.note ?? '',
        propertyId: deficiency.propertyId,
        label: deficiency.description.slice(0, 200),
      },
      {
        onSuccess: (outcome) => {
          if (!outcome.sent) {
            toastKept('Deficiency Corrected');
            onOpenChange(false);
            return;
          }
          const { answer: data, undoToken } = outcome;
          // A repair the code follows with a re-test keeps the item non-compliant: say so.
          toastWithUndo(queryClient, {
            title: 'Deficiency Corrected',
            description: data.retest
              ? `${data.retest.message}. The item stays Action Needed until the re-test passes.`
              : 'The item and the property status are updated.',
            undoToken,
            undoneText: data.retest ? 'The deficiency is open again and its re-test is removed.' : 'The deficiency is open again.',
          });
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          for (const name of ['correctedOn', 'correctedBy', 'note'] as const) {
            const message = fields[name]?.[0];
            if (message) form.setError(name, { type: 'server', message });
          }
          if (!Object.keys(fields).length) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to save the correction. Please try again.') });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !correct.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark as Corrected</DialogTitle>
          <DialogDescription>{deficiency ? deficiency.description : ''}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormField label="Corrected on" error={errors.correctedOn?.message}>
            {(c) => <Input {...c} type="date" max={today} aria-required="true" {...form.register('correctedOn')} />}
          </FormField>
          <FormField label="Corrected by" error={errors.correctedBy?.message}>
            {(c) => <Input {...c} maxLength={200} aria-required="true" {...form.register('correctedBy')} />}
          </FormField>
          <FormField label="Note" error={errors.note?.message} hint="What was done, parts replaced, work order number.">
            {(c) => <Textarea {...c} rows={3} maxLength={2000} {...form.register('note')} />}
          </FormField>
          <FormDialogFooter pending={correct.isPending}>
            Save Correction
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
