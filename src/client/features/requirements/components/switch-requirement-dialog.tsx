import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requirementUpdateSchema, type Requirement, type RequirementUpdateInput } from '@shared/schemas/requirement';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useUpdateRequirement } from '../api/use-requirement-mutations';
import { typeLabel } from './requirement-text';

interface SwitchRequirementDialogProps {
  requirement: Requirement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Switching a requirement off needs a reason (kept beside its source); switching it on may give one. */
export function SwitchRequirementDialog({ requirement, open, onOpenChange }: SwitchRequirementDialogProps) {
  const update = useUpdateRequirement(requirement.propertyId);
  const turningOff = requirement.active;
  const form = useForm<RequirementUpdateInput>({
    resolver: zodResolver(requirementUpdateSchema),
    defaultValues: { active: !requirement.active, reason: '' },
  });
  const { errors } = form.formState;

  const { formError, setFormError } = useFormErrorOnOpen(form, open, () => ({ active: !requirement.active, reason: '' }));

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    update.mutate(
      { id: requirement.id, values },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: turningOff ? 'Requirement Switched Off' : 'Requirement Switched On', description: `${requirement.activity} (${typeLabel(requirement.itemType)}).` });
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, ['reason'])) setFormError(serverMessage(error, 'Failed to update the requirement. Please try again.'));
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>{turningOff ? 'Switch off requirement' : 'Switch on requirement'}</DialogTitle>
          <DialogDescription>
            {requirement.activity} of the {typeLabel(requirement.itemType)}.{' '}
            {turningOff
              ? 'It will no longer be due, reminded or counted. Say why it does not apply to this property.'
              : 'It will be due again from its next due date.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label={turningOff ? 'Reason' : 'Reason (optional)'} error={errors.reason?.message} hint="Shown next to the source, in reports and on this property's share links.">
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={1000}
                aria-required={turningOff ? 'true' : undefined}
                placeholder={turningOff ? 'For example: the building has no battery-powered units' : undefined}
                {...form.register('reason')}
              />
            )}
          </FormField>
          <FormDialogFooter pending={update.isPending} variant={turningOff ? 'destructive' : 'default'}>
            {turningOff ? 'Switch Off' : 'Switch On'}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
