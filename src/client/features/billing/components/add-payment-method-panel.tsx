import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { useConfirmSetup, useCreateSetupIntent } from '../api/use-add-payment-method';
import { useBillingConfig } from '../api/use-billing-config';
import { CardFields } from './card-fields';
import { toCardDetails } from './card-form-schema';
import { TestModeNotice } from './test-mode-notice';
import { useCardForm } from './use-card-form';

// Stripe.js and its React bindings load with this chunk, only when Stripe bills.
const StripeCardSetup = lazy(() => import('./stripe/stripe-card-setup'));

interface AddPaymentMethodPanelProps {
  /** The card was saved or the person cancelled: either way the panel closes. */
  onClose: () => void;
}

/**
 * SPEC 4, "Add-payment-method panel": initializing (a setup intent is asked for as the panel
 * opens), then the card form, then saved or cancelled. Mounted only while open.
 */
export function AddPaymentMethodPanel({ onClose }: AddPaymentMethodPanelProps) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const config = useBillingConfig();
  const setup = useCreateSetupIntent();
  const confirm = useConfirmSetup();
  const { form, showServerErrors } = useCardForm();
  const clientSecret = setup.data?.clientSecret;

  // Opening the panel is what asks for the setup intent; the ref keeps a remount in
  // development's strict mode from asking twice.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup.mutate();
    title.current?.focus();
  }, [setup]);

  const onSubmit = form.handleSubmit((values) => {
    if (!clientSecret || confirm.isPending) return;
    confirm.mutate({ clientSecret, card: toCardDetails(values) }, { onSuccess: () => onClose(), onError: showServerErrors });
  });

  const processing = confirm.isPending;

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border bg-muted/30 p-4">
      <h3 id={titleId} ref={title} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        Add a Payment Method
      </h3>
      {setup.isPending ? <LoadingState message="Preparing a secure form..." className="py-6" /> : null}
      {setup.isError ? (
        <div className="space-y-3">
          <FormAlert>Failed to create setup intent. Please try again.</FormAlert>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setup.mutate()}>
              Try Again
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onClose()}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {clientSecret && config.data?.provider === 'stripe' ? (
        <Suspense fallback={<LoadingState message="Preparing a secure form..." className="py-6" />}>
          <StripeCardSetup config={config.data} clientSecret={clientSecret} titleId={titleId} onClose={onClose} />
        </Suspense>
      ) : null}
      {clientSecret && config.data?.provider === 'test' ? (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={titleId}>
          <TestModeNotice />
          <CardFields form={form} busy={processing} />
          <p className="text-sm text-muted-foreground">The new card becomes your default and pays the next invoice.</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onClose()} disabled={processing}>
              Cancel
            </Button>
            {/* aria-disabled rather than disabled: a disabled button drops the focus it holds. */}
            <Button type="submit" aria-disabled={processing || undefined}>
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
      ) : null}
    </section>
  );
}
