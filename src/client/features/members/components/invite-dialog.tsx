import { useState, type FormEvent } from 'react';
import { ERROR_CODES } from '@shared/api-error';
import { invitationCreateSchema } from '@shared/schemas/invitation';
import type { Role } from '@shared/permissions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { isApiError, serverMessage } from '@/lib/api';
import { useCreateInvitation } from '../api/member-queries';
import { AccessFields, type Access } from './access-fields';

type Errors = { email?: string; role?: string; propertyIds?: string };

const firstErrors = (fieldErrors: Record<string, string[] | undefined>): Errors => ({
  email: fieldErrors.email?.[0],
  role: fieldErrors.role?.[0],
  propertyIds: fieldErrors.propertyIds?.[0],
});

/** Invite by e-mail with a role and the properties it reaches. */
export function InviteDialog({ roles }: { roles: readonly Role[] }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [access, setAccess] = useState<Access>({ role: 'manager', propertyIds: null });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateInvitation();
  const needsPro = isApiError(create.error) && create.error.body?.code === ERROR_CODES.premiumRequired;

  const reset = () => {
    setEmail('');
    setAccess({ role: 'manager', propertyIds: null });
    setErrors({});
    setFormError(null);
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { email, ...access };
    const parsed = invitationCreateSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(firstErrors(fieldErrors));
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (invitation) => {
        setOpen(false);
        reset();
        toast({ title: 'Invitation sent', description: `${invitation.email} has a link to join, valid for 7 days.` });
      },
      onError: (error) => {
        const fields = isApiError(error) ? firstErrors(error.fieldErrors) : {};
        if (fields.email || fields.role || fields.propertyIds) setErrors(fields);
        else setFormError(serverMessage(error, 'Could not send the invitation. Check your connection and try again.'));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>Invite Member</Button>
      </DialogTrigger>
      <DialogContent dirty={email !== ''}>
        <DialogHeader>
          <DialogTitle>Invite a member</DialogTitle>
          <DialogDescription>We e-mail them a link to join, valid for 7 days. They sign in, or create an account with this address.</DialogDescription>
        </DialogHeader>
        {needsPro ? (
          <UpgradePrompt
            variant="inline"
            headingLevel="h3"
            feature="Team Members"
            description={serverMessage(create.error, 'The Free plan is for one person. Upgrade to invite your team.')}
          />
        ) : null}
        <form noValidate onSubmit={submit} className="space-y-5">
          {formError && !needsPro ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label="E-mail address" error={errors.email}>
            {(control) => <Input {...control} type="email" autoComplete="off" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />}
          </FormField>
          <AccessFields value={access} onChange={setAccess} roles={roles} errors={errors} />
          <FormDialogFooter pending={create.isPending}>Send Invitation</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
