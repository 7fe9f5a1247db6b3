import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { PAYMENT_METHODS_KEY, type BillingConfig, type PaymentMethod } from '../../api/billing-types';
import { cardLabel } from '../card-labels';
import { STRIPE_TEST_CARD_HINT, TestModeNotice } from '../test-mode-notice';
import { STRIPE_APPEARANCE } from './stripe-appearance';
import { toastStripeError } from './stripe-errors';
import { useStripeJs } from './use-stripe-js';

interface Props {
  config: BillingConfig;
  clientSecret: string;
  titleId: string;
  onClose: () => void;
}

/**
 * Adds a card with Stripe's Payment Element and a setup intent: Stripe saves it to the
 * account's customer (3-D Secure included), then it becomes the default for the renewals.
 */
export default function StripeCardSetup({ config, clientSecret, titleId, onClose }: Props) {
  const { stripe, failed, retry } = useStripeJs(config.publishableKey!);
  if (failed)
    return (
      <div className="space-y-3">
        <FormAlert>Failed to load payment form. Please refresh and try again.</FormAlert>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={retry}>
            Try Again
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    );
  if (!stripe) return <LoadingState message="Preparing a secure form..." className="py-6" />;
  return (
    <div className="space-y-4">
      {config.testMode ? <TestModeNotice hint={STRIPE_TEST_CARD_HINT} /> : null}
      <Elements stripe={stripe} options={{ clientSecret, appearance: STRIPE_APPEARANCE }}>
        <SetupForm clientSecret={clientSecret} titleId={titleId} onClose={onClose} />
      </Elements>
    </div>
  );
}

function SetupForm({ clientSecret, titleId, onClose }: Omit<Props, 'config'>) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    setProcessing(true);
    try {
      const result = await stripe.confirmSetup({
        elements,
        clientSecret,
        confirmParams: { return_url: `${window.location.origin}/billing` },
        redirect: 'if_required',
      });
      if (result.error) {
        toastStripeError(result.error);
        return;
      }
      const id = typeof result.setupIntent.payment_method === 'string' ? result.setupIntent.payment_method : result.setupIntent.payment_method?.id;
      if (id) await api.post('/api/stripe/set-default-payment-method', { paymentMethodId: id });
      await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
      const card = queryClient.getQueryData<PaymentMethod[]>(PAYMENT_METHODS_KEY)?.find((m) => m.id === id)?.card;
      toast({ title: 'Payment Method Added', description: card ? `${cardLabel(card)} is now your default card.` : 'Your new card is now your default card.' });
      onClose();
    } catch {
      toast({ variant: 'destructive', title: 'Payment Error', description: 'Your card was saved, but it could not be made your default. Please try again.' });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4" aria-labelledby={titleId}>
      {!ready ? <LoadingState message="Preparing a secure form..." className="py-2" /> : null}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      <p className="text-sm text-muted-foreground">The new card becomes your default and pays the next invoice.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={processing}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={processing || !ready || undefined}>
          {processing ? (
            <>
              <Spinner /> Saving card...
            </>
          ) : (
            'Save Card'
          )}
        </Button>
      </div>
    </form>
  );
}
