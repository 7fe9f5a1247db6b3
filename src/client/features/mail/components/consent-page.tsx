import { useSearchParams } from 'react-router';
import type { MailConsentInfo } from '@shared/schemas/mail-consent';
import { isApiError, serverMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { useMailConsent, useMailConsentChange } from '../api/use-mail-consent';
import { PublicCardLayout } from '@/components/public-card-layout';

/** "Harbor View", "Harbor View and Quay House", "A, B and C"; the account's properties when none is left. */
function propertyList(names: string[]): string {
  if (names.length === 0) return 'their properties';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The page a link from a Firemark mail to a property manager opens. It acts only when a button
 * is pressed: mail scanners open links, and opening one must change nothing.
 */
export function ConsentPage({ intent }: { intent: 'confirm' | 'unsubscribe' }) {
  useDocumentTitle(intent === 'confirm' ? 'Confirm e-mails' : 'Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const consent = useMailConsent(token);
  const change = useMailConsentChange(token);

  if (!token) {
    return <PublicCardLayout title="This link is incomplete" description="Open the link from the e-mail again. If you copied it, copy the whole address." />;
  }
  if (consent.isPending) {
    return (
      <PublicCardLayout title={intent === 'confirm' ? 'Confirm e-mails' : 'Unsubscribe'}>
        <LoadingState message="Checking your link..." />
      </PublicCardLayout>
    );
  }
  if (consent.isError) {
    const notValid = isApiError(consent.error) && consent.error.status === 404;
    return (
      <PublicCardLayout
        title={notValid ? 'This link is not valid' : 'Something went wrong'}
        description={serverMessage(consent.error, 'Firemark could not be reached. Please try again in a moment.')}
      >
        {notValid ? null : (
          <Button className="w-full" onClick={() => void consent.refetch()}>
            Try again
          </Button>
        )}
      </PublicCardLayout>
    );
  }

  const info: MailConsentInfo = consent.data;
  const who = `${info.accountName} (${info.accountEmail})`;
  const properties = propertyList(info.propertyNames);
  const pending = change.isPending ? change.variables : undefined;
  const button = (action: 'confirm' | 'unsubscribe', label: string, busyLabel: string, variant: 'default' | 'outline' = 'default') => (
    <Button className="w-full" variant={variant} disabled={change.isPending} onClick={() => change.mutate(action)}>
      {pending === action ? (
        <>
          <Spinner /> {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
  const failure = change.isError ? <FormAlert>{serverMessage(change.error, 'That did not work. Please try again.')}</FormAlert> : null;

  if (info.status === 'confirmed') {
    return (
      <PublicCardLayout
        title="You're subscribed"
        description={`${info.address} receives compliance alerts and inspection reminders from ${who} for ${properties}. Every one of them has a link to unsubscribe with one click.`}
      >
        {failure}
        {intent === 'unsubscribe' ? button('unsubscribe', 'Unsubscribe', 'Unsubscribing...', 'outline') : null}
      </PublicCardLayout>
    );
  }
  if (info.status === 'unsubscribed') {
    return (
      <PublicCardLayout
        title="You're unsubscribed"
        description={`Firemark sends ${info.address} no more e-mails for ${who}. Changed your mind? You can subscribe again.`}
      >
        {failure}
        {button('confirm', 'Subscribe again', 'Subscribing...', 'outline')}
      </PublicCardLayout>
    );
  }
  if (intent === 'unsubscribe') {
    return (
      <PublicCardLayout
        title="Unsubscribe?"
        description={`${info.address} will get no more e-mails from Firemark for ${who}, who asked to send compliance alerts and inspection reminders for ${properties}.`}
      >
        {failure}
        {button('unsubscribe', 'Unsubscribe', 'Unsubscribing...')}
      </PublicCardLayout>
    );
  }
  return (
    <PublicCardLayout
      title="Confirm fire-safety e-mails"
      description={`${who} uses Firemark to keep ${properties} fire-safe and would like to send compliance alerts and inspection reminders to ${info.address}.`}
    >
      {failure}
      {button('confirm', 'Confirm', 'Confirming...')}
      {button('unsubscribe', "No, don't send me these", 'Saving...', 'outline')}
      <p className="text-center text-sm text-muted-foreground">Doing nothing is also fine: Firemark sends you nothing more unless you confirm.</p>
    </PublicCardLayout>
  );
}
