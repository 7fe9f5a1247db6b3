import { useState, type FormEvent } from 'react';
import { memberUpdateSchema, type Member } from '@shared/schemas/member';
import type { Role } from '@shared/permissions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { toast } from '@/components/ui/use-toast';
import { isApiError, serverMessage } from '@/lib/api';
import { useUpdateMember } from '../api/member-queries';
import { AccessFields, type Access } from './access-fields';

const nameOf = (member: Member) => member.fullName || member.email;

/** A member's role and properties; the change applies from their next request. */
export function EditMemberDialog({ member, roles, open, onOpenChange }: { member: Member; roles: readonly Role[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [access, setAccess] = useState<Access>({ role: member.role, propertyIds: member.propertyIds });
  const [errors, setErrors] = useState<{ role?: string; propertyIds?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateMember();
  const dirty = access.role !== member.role || JSON.stringify(access.propertyIds) !== JSON.stringify(member.propertyIds);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = memberUpdateSchema.safeParse(access);
    if (!parsed.success) {
      const first = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ role: first('role'), propertyIds: first('propertyIds') });
      return;
    }
    setErrors({});
    update.mutate(
      { id: member.id, values: access },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: 'Member updated', description: `${nameOf(member)}'s access changes from their next step in Firemark.` });
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          if (fields.role?.[0] || fields.propertyIds?.[0]) setErrors({ role: fields.role?.[0], propertyIds: fields.propertyIds?.[0] });
          else setFormError(serverMessage(error, 'Could not save the change. Check your connection and try again.'));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent dirty={dirty}>
        <DialogHeader>
          <DialogTitle>Change {nameOf(member)}'s access</DialogTitle>
          <DialogDescription>{member.email}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <AccessFields value={access} onChange={setAccess} roles={roles} errors={errors} />
          <FormDialogFooter pending={update.isPending}>Save Changes</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
