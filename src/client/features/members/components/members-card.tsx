import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROLE_LABELS, ROLES, type Role } from '@shared/permissions';
import type { Invitation } from '@shared/schemas/invitation';
import type { Member } from '@shared/schemas/member';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { useAuth } from '@/app/auth-context';
import { serverMessage } from '@/lib/api';
import { formatDate } from '@/lib/format-date';
import { usePermissions } from '@/lib/use-permissions';
import { enterOrganization } from '@/features/organizations/api/organization-queries';
import { usePropertyOptions } from '@/features/properties/api/use-property-options';
import { useInvitations, useMembers, useRemoveMember, useResendInvitation, useRevokeInvitation } from '../api/member-queries';
import { EditMemberDialog } from './edit-member-dialog';
import { InviteDialog } from './invite-dialog';

const nameOf = (member: Member) => member.fullName || member.email;

/** Names of the organisation's properties by id, for saying which a limited member is given. */
type PropertyNames = ReadonlyMap<number, string>;

/** "All properties", the names of up to three, or how many. */
function reachOf(propertyIds: readonly number[] | null, names: PropertyNames): string {
  if (propertyIds === null) return 'All properties';
  const known = propertyIds.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
  if (known.length === 0) return propertyIds.length === 0 ? 'No properties' : propertyIds.length === 1 ? '1 property' : `${propertyIds.length} properties`;
  if (known.length <= 3) return known.join(', ');
  return `${known.length} properties`;
}

function MemberRow({
  member,
  roles,
  mayTouchOwners,
  lastOwner,
  names,
}: {
  member: Member;
  roles: readonly Role[];
  mayTouchOwners: boolean;
  lastOwner: boolean;
  names: PropertyNames;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useRemoveMember();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  // The last owner stays one (the server refuses too): nothing is offered that would fail.
  const mayChange = (member.role !== 'owner' || mayTouchOwners) && !lastOwner;
  const name = nameOf(member);

  const onRemove = () =>
    remove.mutate(member.id, {
      onSuccess: async () => {
        if (!member.you) {
          toast({ title: 'Member removed', description: `${name} no longer has access to this organisation.` });
          return;
        }
        // Leaving: the session moves to another of the person's organisations.
        const user = await enterOrganization(queryClient);
        updateUser(user);
        navigate('/dashboard');
        toast({
          title: 'You left the organisation',
          description: user.organization ? `You are now working in ${user.organization.name}.` : 'You are no longer a member of any organisation.',
        });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Could not remove', description: serverMessage(error, 'Check your connection and try again.') }),
    });

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="break-words font-medium">
          {name} {member.you ? <Badge variant="muted">You</Badge> : null}
        </p>
        <p className="break-words text-muted-foreground">{member.email}</p>
        <p>
          {ROLE_LABELS[member.role]} · {reachOf(member.propertyIds, names)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {mayChange && !member.you ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Change access of ${name}`}>
            Change Access
          </Button>
        ) : null}
        {mayChange || (member.you && !lastOwner) ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={remove.isPending} aria-label={member.you ? 'Leave this organisation' : `Remove ${name}`}>
                {member.you ? 'Leave' : 'Remove'}
              </Button>
            }
            title={member.you ? 'Leave this organisation?' : `Remove ${name}?`}
            description={
              member.you
                ? 'You lose access to its properties and records at once. To come back, you need a new invitation.'
                : `${name} loses access at their next step in Firemark. Their past work stays in the records. To bring them back, invite them again.`
            }
            confirmLabel={member.you ? 'Leave' : 'Remove Member'}
            onConfirm={onRemove}
          />
        ) : null}
      </div>
      {editing ? <EditMemberDialog member={member} roles={roles} open={editing} onOpenChange={setEditing} /> : null}
    </li>
  );
}

function InvitationRow({ invitation, names }: { invitation: Invitation; names: PropertyNames }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="break-words font-medium">{invitation.email}</p>
        <p>
          {ROLE_LABELS[invitation.role]} · {reachOf(invitation.propertyIds, names)}
        </p>
        <p className="text-muted-foreground">
          {invitation.status === 'expired' ? (
            <Badge variant="warning">Expired</Badge>
          ) : (
            <>Link valid until {formatDate(invitation.expiresAt)}</>
          )}
          {invitation.invitedBy ? ` · Invited by ${invitation.invitedBy}` : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          aria-label={`Resend the invitation to ${invitation.email}`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => toast({ title: 'Invitation sent again', description: `${invitation.email} has a new link, valid for 7 days. The earlier link no longer works.` }),
              onError: (error) => toast({ variant: 'destructive', title: 'Could not resend', description: serverMessage(error, 'Check your connection and try again.') }),
            })
          }
        >
          Resend
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke the invitation to ${invitation.email}`}>
              Revoke
            </Button>
          }
          title={`Revoke the invitation to ${invitation.email}?`}
          description="The link in their e-mail stops working at once. You can invite them again later."
          confirmLabel="Revoke Invitation"
          onConfirm={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` }),
              onError: (error) => toast({ variant: 'destructive', title: 'Could not revoke', description: serverMessage(error, 'Check your connection and try again.') }),
            })
          }
        />
      </div>
    </li>
  );
}

/** Settings, "Members": who is in the organisation, with which role and properties, and who is invited. */
export function MembersCard() {
  const permissions = usePermissions();
  const members = useMembers();
  const invitations = useInvitations();
  const mayTouchOwners = permissions.can('organization.transfer');
  const roles = ROLES.filter((role) => role !== 'owner' || mayTouchOwners);
  const free = permissions.organization?.plan === 'free';
  // Names only when someone is limited to some properties (the same list the chooser uses).
  const limited = Boolean(members.data?.some((m) => m.propertyIds !== null) || invitations.data?.some((i) => i.propertyIds !== null));
  const options = usePropertyOptions('', limited);
  const names: PropertyNames = new Map(options.options.map((p) => [p.id, p.name]));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          The people of {permissions.organization?.name ?? 'this organisation'}, each with a role and, for managers, inspectors and viewers, all properties or
          those chosen. A change applies from their next step in Firemark.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {members.isPending ? (
          <LoadingState message="Loading members..." className="py-6" />
        ) : members.isError ? (
          <FormAlert>Could not load the members. Please refresh the page.</FormAlert>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Members">
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                roles={roles}
                mayTouchOwners={mayTouchOwners}
                lastOwner={member.role === 'owner' && members.data.filter((m) => m.role === 'owner').length === 1}
                names={names}
              />
            ))}
          </ul>
        )}

        <div className="space-y-3 border-t pt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium">Invitations</h3>
            {free ? null : <InviteDialog roles={roles} />}
          </div>
          {free ? (
            <UpgradePrompt
              variant="inline"
              headingLevel="h3"
              feature="Team Members"
              description="The Free plan is for one person. With Firemark Pro, invite owners, admins, managers, inspectors and viewers: members are free and unlimited."
            />
          ) : null}
          {invitations.isPending ? (
            <LoadingState message="Loading invitations..." className="py-3" />
          ) : invitations.isError ? (
            <FormAlert>Could not load the invitations. Please refresh the page.</FormAlert>
          ) : invitations.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invitations waiting. {free ? '' : 'Choose Invite Member to add someone by e-mail.'}</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Invitations waiting">
              {invitations.data.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} names={names} />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
