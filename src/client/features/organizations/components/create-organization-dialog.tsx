import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { organizationCreateSchema, type OrganizationCreateInput } from '@shared/schemas/organization';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { useAuth } from '@/app/auth-context';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateOrganization } from '../api/use-create-organization';

interface CreateOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A new organisation, owned by the caller, in their own time zone; the app moves into it. */
export function CreateOrganizationDialog({ open, onOpenChange }: CreateOrganizationDialogProps) {
  const { user } = useAuth();
  const create = useCreateOrganization();
  const defaults = (): OrganizationCreateInput => ({ name: '' });
  const form = useForm<OrganizationCreateInput>({ resolver: zodResolver(organizationCreateSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(
      { name: values.name, timeZone: user?.organization?.timeZone ?? user?.timeZone },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, ['name'])) {
            setFormError(serverMessage(error, 'The organisation could not be created. Check your connection and try again.'));
          }
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Create organisation</DialogTitle>
          <DialogDescription>
            A separate set of properties, inspectors, reports and plan, for another company or client. You become its owner and
            Firemark opens it; your other organisations stay in the organisation menu.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label="Organisation name" error={errors.name?.message} hint="The company or team, as your members will know it.">
            {(control) => <Input {...control} autoComplete="organization" maxLength={100} aria-required="true" {...form.register('name')} />}
          </FormField>
          <FormDialogFooter pending={create.isPending}>Create organisation</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
