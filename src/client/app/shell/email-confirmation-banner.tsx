import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '../auth-context';
import { useResendConfirmation } from '@/features/auth/api/use-resend-confirmation';

/**
 * Above every signed-in page while the account's address is unconfirmed: why no reminders,
 * alerts or reports arrive, and the two ways out (a new link, another address).
 */
export function EmailConfirmationBanner() {
  const { user } = useAuth();
  const resend = useResendConfirmation();
  if (!user || user.emailConfirmed) return null;

  return (
    <div
      role="region"
      aria-label="E-mail confirmation"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-2 text-sm text-sky-950">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-700" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">Confirm your e-mail address</p>
          <p>
            We sent a link to <strong className="break-words">{user.email}</strong>. Until you confirm it, Firemark sends you
            no reminders, alerts or reports.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? (
            <>
              <Spinner /> Sending...
            </>
          ) : (
            'Resend link'
          )}
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/settings">Change address</Link>
        </Button>
      </div>
    </div>
  );
}
