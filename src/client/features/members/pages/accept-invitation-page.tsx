import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { MailCheck, TriangleAlert, Users } from 'lucide-react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@shared/permissions';
import type { InvitationPreview } from '@shared/schemas/invitation';
import { useAuth } from '@/app/auth-context';
import { PublicCardLayout } from '@/components/public-card-layout';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError, serverMessage } from '@/lib/api';
import { formatDate } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { enterOrganization } from '@/features/organizations/api/organization-queries';
import { acceptInvitation, useInvitationPreview } from '../api/member-queries';

function Icon({ tone, children }: { tone: 'error' | 'info'; children: React.ReactNode }) {
  const colours = tone === 'error' ? 'bg-red-100 text-red-800' : 'bg-sky-100 text-sky-800';
  return <span className={`flex size-12 items-center justify-center rounded-full ${colours}`}>{children}</span>;
}

const errorIcon = (
  <Icon tone="error">
    <TriangleAlert aria-hidden="true" className="size-6" />
  </Icon>
);

function HomeLink() {
  const { isAuthenticated } = useAuth();
  return (
    <Button asChild className="w-full">
      {isAuthenticated ? <Link to="/dashboard">Go to Dashboard</Link> : <Link to="/auth/login">Sign In</Link>}
    </Button>
  );
}

const CLOSED: Record<Exclude<InvitationPreview['status'], 'pending'>, { title: string; text: (p: InvitationPreview) => string }> = {
  accepted: { title: 'Invitation Already Used', text: (p) => `This invitation to ${p.organizationName} has been accepted. Each link works once; ask for a new invitation if you need one.` },
  revoked: { title: 'Invitation Withdrawn', text: (p) => `This invitation to ${p.organizationName} was withdrawn. Ask ${p.invitedBy ?? 'its members'} for a new one if you should join.` },
  expired: {
    title: 'Invitation Expired',
    text: (p) => `This invitation to ${p.organizationName} expired on ${formatDate(p.expiresAt)}. Ask ${p.invitedBy ?? 'its members'} to send it again.`,
  },
};

/**
 * /invitations/:token, the link of an invitation e-mail. Signed in, the person joins with one
 * click; signed out, they sign in or create an account and come back here to join.
 */
export default function AcceptInvitationPage() {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  const { isAuthenticated, user, updateUser } = useAuth();
  const preview = useInvitationPreview(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: async () => {
      const joined = await acceptInvitation(token);
      return { joined, user: await enterOrganization(queryClient) };
    },
    onSuccess: ({ joined, user: entered }) => {
      updateUser(entered);
      navigate('/dashboard');
      toast({ title: `Welcome to ${joined.organizationName}`, description: `You joined as ${ROLE_LABELS[joined.role]}.` });
    },
  });

  if (preview.isPending) {
    return (
      <PublicCardLayout title="Invitation">
        <LoadingState message="Opening the invitation..." />
      </PublicCardLayout>
    );
  }
  if (preview.isError) {
    const unknown = isApiError(preview.error) && preview.error.status === 404;
    return (
      <PublicCardLayout
        title={unknown ? 'Invitation Not Found' : 'Could Not Open the Invitation'}
        description={
          unknown
            ? serverMessage(preview.error, 'This invitation link is not valid. Ask for a new invitation.')
            : 'Check your connection and try again.'
        }
        icon={errorIcon}
      >
        {unknown ? <HomeLink /> : <Button className="w-full" onClick={() => void preview.refetch()}>Try Again</Button>}
      </PublicCardLayout>
    );
  }

  const invitation = preview.data;
  if (invitation.status !== 'pending') {
    const closed = CLOSED[invitation.status];
    return (
      <PublicCardLayout title={closed.title} description={closed.text(invitation)} icon={errorIcon}>
        <HomeLink />
      </PublicCardLayout>
    );
  }

  const here = `/invitations/${encodeURIComponent(token)}`;
  const role = ROLE_LABELS[invitation.role];
  return (
    <PublicCardLayout
      title={`Join ${invitation.organizationName}`}
      description={`${invitation.invitedBy ?? 'A member'} invited you to join ${invitation.organizationName} on Firemark as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}.`}
      icon={
        <Icon tone="info">
          <Users aria-hidden="true" className="size-6" />
        </Icon>
      }
    >
      <dl className="space-y-2 rounded-md border p-3 text-sm">
        <div>
          <dt className="font-medium">{role}</dt>
          <dd className="text-muted-foreground">{ROLE_DESCRIPTIONS[invitation.role]}</dd>
        </div>
        <div>
          <dt className="font-medium">Sent to</dt>
          <dd className="text-muted-foreground">
            {invitation.email} · valid until {formatDate(invitation.expiresAt)}
          </dd>
        </div>
      </dl>
      {isAuthenticated ? (
        <div className="space-y-3">
          {join.isError ? <FormAlert>{serverMessage(join.error, 'Could not join. Check your connection and try again.')}</FormAlert> : null}
          <p className="text-center text-sm text-muted-foreground">You are signed in as {user?.email}.</p>
          <Button className="w-full" onClick={() => join.mutate()} disabled={join.isPending}>
            {join.isPending ? (
              <>
                <Spinner /> Joining...
              </>
            ) : (
              `Join ${invitation.organizationName}`
            )}
          </Button>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>Sign in with the address this invitation was sent to, or create an account with it: this link confirms the address.</span>
          </p>
          <Button asChild className="w-full">
            <Link to={`/auth/login?${new URLSearchParams({ next: here })}`}>Sign In to Join</Link>
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link to={`/auth/signup?${new URLSearchParams({ next: here })}`}>Create an Account</Link>
          </Button>
        </div>
      )}
    </PublicCardLayout>
  );
}
