import { useEffect, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { CircleCheck, Lock } from 'lucide-react';
import { PRO_PLAN_NAME, PRO_PRICE_CENTS } from '@shared/plans';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmPayment } from '../api/use-confirm-payment';
import { formatAmount } from './billing-format';
import { CardFields } from './card-fields';
import { toCardDetails } from './card-form-schema';
import { TestModeNotice } from './test-mode-notice';
import { useCardForm } from './use-card-form';

// SPEC 9: the receipt page follows 1.5 s after the payment succeeds.
const REDIRECT_DELAY_MS = 1_500;
const NOT_READY = 'Payment form not ready. Please wait and try again.';

interface PaymentFormProps {
  /** The first payment's secret; undefined until the subscription has been created. */
  clientSecret: string | undefined;
  loading: boolean;
  loadFailed: boolean;
  onRetryLoad: () => void;
  onClose: () => void;
  titleRef?: Ref<HTMLHeadingElement>;
  titleId: string;
}

function PaidNotice() {
  // The form and its focused button are gone: focus the news in their place.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div
      ref={notice}
      tabIndex={-1}
      role="status"
      className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900 focus:outline-none"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-medium">Payment received. Welcome to {PRO_PLAN_NAME}!</p>
        <p className="text-sm">Taking you to your receipt...</p>
      </div>
    </div>
  );
}

/**
 * SPEC 4, "Payment form": loading (the subscription is being created), ready, processing,
 * then success or an error. The fields can be filled in while it loads; only sending waits.
 */
export function PaymentForm({ clientSecret, loading, loadFailed, onRetryLoad, onClose, titleRef, titleId }: PaymentFormProps) {
  const navigate = useNavigate();
  const confirm = useConfirmPayment();
  const { form, showServerErrors } = useCardForm();
  const [notReady, setNotReady] = useState(false);
  const paymentId = confirm.data?.paymentIntent.id;

  useEffect(() => {
    if (!paymentId) return;
    const timer = setTimeout(
      () => void navigate(`/billing/success?payment_intent=${encodeURIComponent(paymentId)}`),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [paymentId, navigate]);

  const onSubmit = form.handleSubmit((values) => {
    if (confirm.isPending) return;
    if (!clientSecret) {
      setNotReady(true);
      return;
    }
    setNotReady(false);
    confirm.mutate({ clientSecret, card: toCardDetails(values) }, { onError: showServerErrors });
  });

  const processing = confirm.isPending;
  const paid = confirm.isSuccess;

  return (
    <div className="space-y-4">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        Complete Your Subscription
      </h3>
      <p className="text-sm text-muted-foreground">
        {PRO_PLAN_NAME}, {formatAmount(PRO_PRICE_CENTS, 'usd')} a month. Cancel anytime from this page.
      </p>
      {paid ? (
        <PaidNotice />
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={titleId}>
          <TestModeNotice />
          {loading ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Preparing your secure payment form...
            </p>
          ) : null}
          {loadFailed ? (
            <div className="space-y-2">
              <FormAlert>Failed to load payment form. Please refresh and try again.</FormAlert>
              <Button variant="outline" size="sm" onClick={onRetryLoad}>
                Try Again
              </Button>
            </div>
          ) : null}
          <CardFields form={form} busy={processing} />
          {notReady && !clientSecret ? <FormAlert>{NOT_READY}</FormAlert> : null}
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
        </form>
      )}
    </div>
  );
}
