import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { confirmsOrganizationName, organizationDeleteSchema, type CurrentOrganization, type OrganizationDeleteInput } from '@shared/schemas/organization';
import { PRO_PLAN_NAME } from '@shared/plans';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDeleteOrganization } from '../api/use-delete-organization';

interface DeleteOrganizationDialogProps {
  organization: CurrentOrganization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Asks the owner to type the organisation's name, after saying what is lost, before deleting it
 * (docs/decisions/033-deleting-an-organisation.md).
 */
export function DeleteOrganizationDialog({ organization, open, onOpenChange }: DeleteOrganizationDialogProps) {
  const remove = useDeleteOrganization();
  const defaults = (): OrganizationDeleteInput => ({ name: '' });
  const form = useForm<OrganizationDeleteInput>({ resolver: zodResolver(organizationDeleteSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);
  const typed = form.watch('name');
  const matches = confirmsOrganizationName(typed, organization.name);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    remove.mutate(values, {
      onSuccess: () => onOpenChange(false),
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ['name'])) {
          setFormError(serverMessage(error, 'The organisation could not be deleted. Check your connection and try again.'));
        }
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Delete {organization.name}?</DialogTitle>
          <DialogDescription>This cannot be undone. Deleting the organisation deletes, at once and for everyone:</DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>all its properties, inspections, deficiencies and their photos, compliance reports and their files, and its history;</li>
          <li>its members’ access: they can no longer open it, and its pending invitations stop working;</li>
          <li>its API tokens, webhooks, calendar feed and share links;</li>
          {organization.plan === 'pro' ? (
            <li>
              its {PRO_PLAN_NAME} plan: a subscription is cancelled at once, without a refund for the rest of the period. Past invoices stay with
              the payment provider.
            </li>
          ) : null}
        </ul>
        <p className="text-sm text-muted-foreground">Download any reports you need to keep before you delete it.</p>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label={`Type ${organization.name} to confirm`} error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="off" spellCheck={false} maxLength={200} aria-required="true" {...form.register('name')} />}
          </FormField>
          <FormDialogFooter pending={remove.isPending} variant="destructive" disabled={matches ? false : 'Type the organisation’s name exactly as shown to delete it.'}>
            Delete organisation
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
