import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, MailQuestion, TriangleAlert } from 'lucide-react';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmEmail } from '../api/use-confirm-email';
import { useResendConfirmation } from '../api/use-resend-confirmation';
import { useAuth } from '@/app/auth-context';
import { PublicCardLayout } from '@/components/public-card-layout';

function StatusIcon({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const colours = { error: 'bg-red-100 text-red-800', success: 'bg-green-100 text-green-800', info: 'bg-sky-100 text-sky-800' }[tone];
  return <span className={`flex size-12 items-center justify-center rounded-full ${colours}`}>{children}</span>;
}

const errorIcon = (
  <StatusIcon tone="error">
    <TriangleAlert aria-hidden="true" className="size-6" />
  </StatusIcon>
);

/** How to get a working link: the banner's Resend link once signed in. */
function NewLinkActions() {
  const { isAuthenticated, user } = useAuth();
  const resend = useResendConfirmation();
  if (user?.emailConfirmed) {
    return (
      <div className="space-y-3">
        <p className="text-center text-sm text-muted-foreground">The address of the account you are signed in to is confirmed.</p>
        <Button asChild className="w-full">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    );
  }
  if (!isAuthenticated) {
    return (
      <div className="space-y-3">
        <p className="text-center text-sm text-muted-foreground">Sign in, then choose Resend link at the top of the page.</p>
        <Button asChild className="w-full">
          <Link to="/auth/login">Sign In</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Button className="w-full" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
        {resend.isPending ? (
          <>
            <Spinner /> Sending...
          </>
        ) : resend.isSuccess ? (
          'New link sent'
        ) : (
          'Send a new link'
        )}
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}

/**
 * /confirm-email?token=...: the link from the confirmation e-mail. Opening it changes
 * nothing; the person confirms with one click, which posts the token. Mail scanners that
 * fetch every link therefore cannot confirm an address for someone who never saw the mail.
 */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm E-mail');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isAuthenticated } = useAuth();
  const confirm = useConfirmEmail();

  if (!token) {
    return (
      <PublicCardLayout
        title="Invalid Link"
        description="This confirmation link is incomplete. Please use the whole link from your e-mail, or ask for a new one."
        icon={errorIcon}
      >
        <NewLinkActions />
      </PublicCardLayout>
    );
  }

  if (confirm.isSuccess) {
    return (
      <PublicCardLayout
        title="E-mail Confirmed"
        description="Your e-mail address is confirmed. Firemark can now send you reminders, alerts and reports."
        icon={
          <StatusIcon tone="success">
            <CircleCheck aria-hidden="true" className="size-6" />
          </StatusIcon>
        }
      >
        <Button asChild className="w-full">
          {isAuthenticated ? <Link to="/dashboard">Continue to Firemark</Link> : <Link to="/auth/login">Continue to Login</Link>}
        </Button>
      </PublicCardLayout>
    );
  }

  const status = isApiError(confirm.error) ? confirm.error.status : null;
  if (status === 400) {
    return (
      <PublicCardLayout
        title="Invalid or Expired Link"
        description="This confirmation link is invalid or has expired. Links work once and expire after 48 hours; a newer link also works."
        icon={errorIcon}
      >
        <NewLinkActions />
      </PublicCardLayout>
    );
  }
  if (status === 409) {
    return (
      <PublicCardLayout
        title="Address Already in Use"
        description="This e-mail address belongs to another Firemark account. Sign in to that account, or give this account another address in Settings."
        icon={errorIcon}
      >
        <div className="space-y-3">
          {isAuthenticated ? (
            <Button asChild className="w-full">
              <Link to="/settings">Change Address in Settings</Link>
            </Button>
          ) : (
            <Button asChild className="w-full">
              <Link to="/auth/login">Sign In</Link>
            </Button>
          )}
        </div>
      </PublicCardLayout>
    );
  }

  return (
    <PublicCardLayout
      title="Confirm Your E-mail"
      description="Confirm that this e-mail address is yours, so that Firemark can send you reminders, alerts and reports."
      icon={
        <StatusIcon tone="info">
          <MailQuestion aria-hidden="true" className="size-6" />
        </StatusIcon>
      }
    >
      <div className="space-y-4">
        {confirm.isError ? <FormAlert>Could not confirm your address. Please check your connection and try again.</FormAlert> : null}
        <Button className="w-full" onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
          {confirm.isPending ? (
            <>
              <Spinner /> Confirming...
            </>
          ) : (
            'Confirm E-mail Address'
          )}
        </Button>
      </div>
    </PublicCardLayout>
  );
}
