import { formatDate } from '@/lib/format-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useManagerMail, useSendManagerInvitation } from '../api/use-manager-mail';

/**
 * Whether the manager address receives the account's alerts and reminders. An address that is
 * not the account's own gets them only after confirming a one-click invitation.
 */
export function ManagerMailStatus({ propertyId }: { propertyId: number }) {
  const manager = useManagerMail(propertyId);
  const invite = useSendManagerInvitation(propertyId);

  if (manager.isPending) return <p className="text-muted-foreground">Checking whether this address gets e-mails...</p>;
  if (manager.isError) return <p className="text-muted-foreground">Could not check whether this address gets e-mails. Reload the page to try again.</p>;

  const m = manager.data;
  const inviteButton = (label: string) => (
    <Button size="sm" variant="outline" disabled={invite.isPending || m.canInviteFrom !== null} onClick={() => invite.mutate()}>
      {invite.isPending ? (
        <>
          <Spinner /> Sending...
        </>
      ) : (
        label
      )}
    </Button>
  );

  switch (m.state) {
    case 'own':
      return <p className="text-muted-foreground">Your account&apos;s own address: it gets your alerts and reminders.</p>;
    case 'confirmed':
      return <Badge variant="success">Receives alerts and reminders</Badge>;
    case 'unsubscribed':
      return (
        <div className="space-y-1">
          <Badge variant="muted">Unsubscribed</Badge>
          <p className="text-muted-foreground">
            Unsubscribed on {formatDate(m.unsubscribedAt)}: Firemark sends this address nothing more. Only its owner can subscribe again, from
            a link in an earlier e-mail.
          </p>
        </div>
      );
    case 'invited':
      return (
        <div className="space-y-2">
          <p className="text-muted-foreground">
            Invitation sent on {formatDate(m.invitedAt)}, not confirmed yet. This address gets no alerts or reminders until it confirms.
          </p>
          {inviteButton('Send invitation again')}
          {m.canInviteFrom ? <p className="text-muted-foreground">You can send it again on {formatDate(m.canInviteFrom)}.</p> : null}
        </div>
      );
    case 'not_invited':
      return (
        <div className="space-y-2">
          <p className="text-muted-foreground">
            Not invited yet. This address gets alerts and reminders only after it confirms; Firemark asks it with the first one, or now.
          </p>
          {inviteButton('Send invitation')}
        </div>
      );
  }
}
