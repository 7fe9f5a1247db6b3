import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFICIENCY_SEVERITIES, DEFICIENCY_SEVERITY_LABELS } from '@shared/records';
import { deficiencyEditSchema, type Deficiency, type DeficiencyInput } from '@shared/schemas/deficiency';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isApiError, serverMessage } from '@/lib/api';
import { useEditDeficiency } from '../api/record-queries';

interface Props {
  deficiency: Deficiency | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ['description', 'severity', 'location', 'correctiveAction', 'dueBy'] as const;

const valuesOf = (d: Deficiency | null): DeficiencyInput => ({
  description: d?.description ?? '',
  severity: d?.severity ?? 'non_critical',
  location: d?.location ?? '',
  correctiveAction: d?.correctiveAction ?? '',
  dueBy: d?.dueBy ?? '',
});

/**
 * Edits a deficiency's text, severity, place and date. Kept on the device first and sent with
 * the copy's updatedAt as If-Match: if someone changed it meanwhile, both versions are shown on
 * /sync to choose from (docs/offline.md, conflict rule 2).
 */
export function EditDeficiencyDialog({ deficiency, open, onOpenChange }: Props) {
  const edit = useEditDeficiency();
  const form = useForm<DeficiencyInput>({ resolver: zodResolver(deficiencyEditSchema), defaultValues: valuesOf(deficiency) });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(valuesOf(deficiency));
  }, [open, deficiency?.id, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (!deficiency) return;
    edit.mutate(
      { deficiency, values },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          for (const name of FIELDS) {
            const message = fields[name]?.[0];
            if (message) form.setError(name, { type: 'server', message });
          }
          if (!Object.keys(fields).length) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to save the deficiency. Please try again.') });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !edit.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Edit Deficiency</DialogTitle>
          <DialogDescription>What was found, how severe, where, and what to do about it.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormField label="Description" error={errors.description?.message}>
            {(c) => <Textarea {...c} rows={3} maxLength={2000} aria-required="true" {...form.register('description')} />}
          </FormField>
          <FormField label="Severity" error={errors.severity?.message}>
            {(c) => (
              <select {...c} className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm" {...form.register('severity')}>
                {DEFICIENCY_SEVERITIES.map((option) => (
                  <option key={option} value={option}>
                    {DEFICIENCY_SEVERITY_LABELS[option]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Location" error={errors.location?.message}>
            {(c) => <Input {...c} maxLength={200} {...form.register('location')} />}
          </FormField>
          <FormField label="Corrective action" error={errors.correctiveAction?.message}>
            {(c) => <Textarea {...c} rows={2} maxLength={2000} {...form.register('correctiveAction')} />}
          </FormField>
          <FormField label="Correct by" error={errors.dueBy?.message} hint="Optional.">
            {(c) => <Input {...c} type="date" {...form.register('dueBy')} />}
          </FormField>
          <FormDialogFooter pending={edit.isPending}>Save Deficiency</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
