import { useState } from 'react';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmPayment } from '../api/use-confirm-payment';
import { CardFields } from './card-fields';
import { toCardDetails } from './card-form-schema';
import { LOAD_FAILED, NOT_READY, type CardFormProps } from './payment-form-props';
import { TestModeNotice } from './test-mode-notice';
import { useCardForm } from './use-card-form';

/**
 * The built-in test mode's card form: card fields of our own, sent to the test-mode
 * provider. They can be filled in while the subscription is created; only sending waits.
 */
export function TestCardPaymentForm({ created, loading, loadFailed, onRetryLoad, onClose, onPaid, titleId }: CardFormProps) {
  const confirm = useConfirmPayment();
  const { form, showServerErrors } = useCardForm();
  const [notReady, setNotReady] = useState(false);
  const clientSecret = created?.clientSecret;

  const onSubmit = form.handleSubmit((values) => {
    if (confirm.isPending) return;
    if (!clientSecret) {
      setNotReady(true);
      return;
    }
    setNotReady(false);
    confirm.mutate(
      { clientSecret, card: toCardDetails(values) },
      {
        onError: showServerErrors,
        onSuccess: (answer) =>
          onPaid('setupIntent' in answer ? { kind: 'setup', id: answer.setupIntent.id } : { kind: 'payment', id: answer.paymentIntent.id }),
      },
    );
  });

  const processing = confirm.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={titleId}>
      <TestModeNotice />
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Preparing your secure payment form...
        </p>
      ) : null}
      {loadFailed ? (
        <div className="space-y-2">
          <FormAlert>{LOAD_FAILED}</FormAlert>
          <Button variant="outline" size="sm" onClick={onRetryLoad}>
            Try Again
          </Button>
        </div>
      ) : null}
      <CardFields form={form} busy={processing} />
      {notReady && !clientSecret ? <FormAlert>{NOT_READY}</FormAlert> : null}
      <FormButtons processing={processing} onClose={onClose} />
    </form>
  );
}

/** Cancel and 'Subscribe Now', as both card forms end. */
export function FormButtons({ processing, onClose }: { processing: boolean; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onClose} disabled={processing}>
        Cancel
      </Button>
      {/* aria-disabled rather than disabled: a disabled button drops the focus it holds. */}
      <Button type="submit" aria-disabled={processing || undefined}>
        {processing ? (
          <>
            <Spinner /> Processing payment...
          </>
        ) : (
          <>
            <Lock aria-hidden="true" /> Subscribe Now
          </>
        )}
      </Button>
    </div>
  );
}
