import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requirementUpdateSchema, type Requirement, type RequirementUpdateInput } from '@shared/schemas/requirement';
import { intervalLabel, intervalParts } from '@shared/intervals';
import { serverMessage } from '@/lib/api';
import { formatDate } from '@/lib/format-date';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useUpdateRequirement } from '../api/use-requirement-mutations';
import { IntervalFields } from './interval-fields';

interface IntervalDialogProps {
  requirement: Requirement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ['intervalCount', 'intervalUnit', 'reason'] as const;

/** Changing how often a requirement is due, with the reason shown next to its source. */
export function IntervalDialog({ requirement, open, onOpenChange }: IntervalDialogProps) {
  const update = useUpdateRequirement(requirement.propertyId);
  const defaults = (): RequirementUpdateInput => ({ ...intervalParts(requirement), reason: '' });
  const form = useForm<RequirementUpdateInput>({ resolver: zodResolver(requirementUpdateSchema), defaultValues: defaults() });
  const { errors } = form.formState;

  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    update.mutate(
      { id: requirement.id, values: { intervalCount: values.intervalCount, intervalUnit: values.intervalUnit, reason: values.reason } },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toast({ title: 'Interval Changed', description: `${saved.activity}: ${intervalLabel(saved).toLowerCase()}, next due ${formatDate(saved.nextDueDate)}.` });
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(serverMessage(error, 'Failed to change the interval. Please try again.'));
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Change interval</DialogTitle>
          <DialogDescription>
            {requirement.activity}: {intervalLabel(requirement).toLowerCase()}
            {requirement.source ? ` according to ${requirement.source}` : ''}. The next due date moves at once: one interval after the
            last time it was done or, never done, after the day it was added. An inspection scheduled on the old date comes forward with it.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <IntervalFields
            register={form.register as unknown as UseFormRegister<{ intervalCount?: unknown; intervalUnit?: unknown }>}
            errors={errors as FieldErrors<{ intervalCount?: unknown; intervalUnit?: unknown }>}
          />
          <FormField label="Reason" error={errors.reason?.message} hint="Shown next to the source, in reports and on this property's share links.">
            {(control) => <Textarea {...control} rows={3} maxLength={1000} aria-required="true" {...form.register('reason')} />}
          </FormField>
          <FormDialogFooter pending={update.isPending}>
            Save Interval
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
