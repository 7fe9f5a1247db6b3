import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { dismissToast } from '@/components/ui/use-toast';
import type { BillingConfig } from '../../api/billing-types';
import { refreshAfterPlanChange } from '../../api/refresh-after-plan-change';
import { Preparing } from '../payment-form';
import { LOAD_FAILED, NOT_READY, type CardFormProps } from '../payment-form-props';
import { FormButtons } from '../test-card-payment-form';
import { STRIPE_TEST_CARD_HINT, TestModeNotice } from '../test-mode-notice';
import { STRIPE_APPEARANCE } from './stripe-appearance';
import { toastStripeError } from './stripe-errors';
import { useStripeJs } from './use-stripe-js';

type Props = CardFormProps & { config: BillingConfig };

/**
 * Stripe's Payment Element, for the subscription's first payment (or, during the trial, the
 * card saved for its end). Card details go from the Element to Stripe and never through
 * Firemark; Stripe.js runs 3-D Secure itself when the bank asks for it. The plan turns Pro
 * when Stripe's webhook says the payment went through; the receipt page waits for that.
 */
export default function StripePaymentForm(props: Props) {
  const { stripe, failed, retry } = useStripeJs(props.config.publishableKey!);
  const clientSecret = props.created?.clientSecret;

  let body;
  if (props.loadFailed || failed)
    body = (
      <div className="space-y-2">
        <FormAlert>{LOAD_FAILED}</FormAlert>
        <Button variant="outline" size="sm" onClick={props.loadFailed ? props.onRetryLoad : retry}>
          Try Again
        </Button>
      </div>
    );
  else if (!stripe || !clientSecret) body = <Preparing />;
  else
    body = (
      // A new secret is a new payment: the Element is made afresh for it.
      <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance: STRIPE_APPEARANCE }}>
        <CheckoutForm {...props} clientSecret={clientSecret} />
      </Elements>
    );

  return (
    <div className="space-y-4">
      {props.config.testMode ? <TestModeNotice hint={STRIPE_TEST_CARD_HINT} /> : null}
      {body}
      {!stripe || !clientSecret || props.loadFailed || failed ? (
        <div className="flex justify-end">
          <Button variant="outline" onClick={props.onClose}>
            Cancel
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function CheckoutForm({ created, onClose, onPaid, titleId, clientSecret }: Props & { clientSecret: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const [elementFailed, setElementFailed] = useState(false);
  const [notReady, setNotReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (processing) return;
    if (!stripe || !elements || !ready) {
      setNotReady(true);
      return;
    }
    setNotReady(false);
    setProcessing(true);
    // Cards finish here (3-D Secure in Stripe's own dialog); a method that must leave the
    // page comes back to the receipt page, which reads the outcome from its address.
    const confirmParams = { return_url: `${window.location.origin}/billing/success` };
    const result =
      created?.intent === 'setup'
        ? await stripe.confirmSetup({ elements, clientSecret, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, clientSecret, confirmParams, redirect: 'if_required' });
    setProcessing(false);
    if (result.error) {
      toastStripeError(result.error);
      return;
    }
    dismissToast();
    void refreshAfterPlanChange(queryClient);
    onPaid('setupIntent' in result && result.setupIntent ? { kind: 'setup', id: result.setupIntent.id } : { kind: 'payment', id: result.paymentIntent!.id });
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-labelledby={titleId}>
      {!ready && !elementFailed ? <Preparing /> : null}
      {elementFailed ? <FormAlert>{LOAD_FAILED}</FormAlert> : null}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={() => setElementFailed(true)}
      />
      {notReady ? <FormAlert>{NOT_READY}</FormAlert> : null}
      <FormButtons processing={processing} onClose={onClose} />
    </form>
  );
}
