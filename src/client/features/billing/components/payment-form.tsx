import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { PRO_PLAN_NAME, PRO_PRICE_CENTS } from '@shared/plans';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import type { CreatedSubscription } from '../api/billing-types';
import { useBillingConfig } from '../api/use-billing-config';
import { formatAmount } from './billing-format';
import { LOAD_FAILED, type Paid } from './payment-form-props';
import { TestCardPaymentForm } from './test-card-payment-form';

// Stripe.js and its React bindings load with this chunk, only when Stripe bills.
const StripePaymentForm = lazy(() => import('./stripe/stripe-payment-form'));

// SPEC 9: the receipt page follows 1.5 s after the payment succeeds.
const REDIRECT_DELAY_MS = 1_500;

interface PaymentFormProps {
  created: CreatedSubscription | undefined;
  loading: boolean;
  loadFailed: boolean;
  onRetryLoad: () => void;
  onClose: () => void;
  titleRef?: Ref<HTMLHeadingElement>;
  titleId: string;
}

function PaidNotice({ kind }: { kind: Paid['kind'] }) {
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
        <p className="font-medium">
          {kind === 'setup' ? `Card saved. ${PRO_PLAN_NAME} carries on after your trial.` : `Payment received. Welcome to ${PRO_PLAN_NAME}!`}
        </p>
        <p className="text-sm">Taking you to your receipt...</p>
      </div>
    </div>
  );
}

export function Preparing() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner /> Preparing your secure payment form...
    </p>
  );
}

/**
 * SPEC 4, "Payment form": loading (the subscription is being created), ready, processing,
 * then success or an error. The card form is the provider's: the test mode's own fields, or
 * Stripe's Payment Element.
 */
export function PaymentForm({ created, loading, loadFailed, onRetryLoad, onClose, titleRef, titleId }: PaymentFormProps) {
  const navigate = useNavigate();
  const config = useBillingConfig();
  const [paid, setPaid] = useState<Paid | null>(null);

  useEffect(() => {
    if (!paid) return;
    const param = paid.kind === 'setup' ? 'setup_intent' : 'payment_intent';
    const timer = setTimeout(() => void navigate(`/billing/success?${param}=${encodeURIComponent(paid.id)}`), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  const price = formatAmount(PRO_PRICE_CENTS, 'usd');
  const formProps = { created, loading, loadFailed, onRetryLoad, onClose, onPaid: setPaid, titleId };
  let form;
  if (paid) form = <PaidNotice kind={paid.kind} />;
  else if (config.isError) form = <FormAlert>{LOAD_FAILED}</FormAlert>;
  else if (!config.data) form = <Preparing />;
  else if (config.data.provider === 'stripe')
    form = (
      <Suspense fallback={<Preparing />}>
        <StripePaymentForm {...formProps} config={config.data} />
      </Suspense>
    );
  else form = <TestCardPaymentForm {...formProps} />;

  return (
    <div className="space-y-4">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        Complete Your Subscription
      </h3>
      <p className="text-sm text-muted-foreground">
        {created?.intent === 'setup'
          ? `${PRO_PLAN_NAME}, ${price} a month. Your card is saved now and first charged when your trial ends. Cancel anytime from this page.`
          : `${PRO_PLAN_NAME}, ${price} a month. Cancel anytime from this page.`}
      </p>
      {form}
    </div>
  );
}
