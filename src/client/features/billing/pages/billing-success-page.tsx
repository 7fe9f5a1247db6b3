import { useId } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PRO_PLAN_NAME } from '@shared/plans';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSubscriptionActivation } from '../api/use-subscription-activation';
import { activeSubscription, useSubscriptionDetails } from '../api/use-subscription-details';
import { NextSteps } from '../components/next-steps';
import { SuccessSubscriptionDetails } from '../components/success-subscription-details';

function ActivationNote({ checking, gaveUp }: { checking: boolean; gaveUp: boolean }) {
  if (checking)
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Activating your subscription...
      </p>
    );
  if (gaveUp)
    return (
      <p role="status" className="rounded-lg border bg-muted/50 p-3 text-sm">
        Your payment went through, but activating {PRO_PLAN_NAME} is taking longer than usual. Refresh this page in a
        minute; if it still has not changed, contact support with the payment ID below.
      </p>
    );
  return null;
}

export default function BillingSuccessPage() {
  useDocumentTitle('Payment Successful');
  const stepsTitleId = useId();
  const [params] = useSearchParams();
  // Stripe's return address names the payment, or the setup intent of a card saved for a trial.
  const paymentId = params.get('payment_intent') ?? params.get('setup_intent');
  const activation = useSubscriptionActivation();
  const details = useSubscriptionDetails();
  const paid = activation.active ? activeSubscription(details.data) : null;

  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-green-100 text-green-800">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Payment Successful!
        </CardTitle>
        <CardDescription>
          {activation.active
            ? `Thank you. ${PRO_PLAN_NAME} is active on your account.`
            : `Thank you. Your subscription to ${PRO_PLAN_NAME} is being activated.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ActivationNote checking={activation.checking} gaveUp={activation.gaveUp} />
        {paid ? <SuccessSubscriptionDetails paid={paid} /> : null}
        <NextSteps titleId={stepsTitleId} />
        {paymentId ? (
          <p className="break-all text-center text-sm text-muted-foreground">
            Payment ID: <span className="font-mono text-foreground">{paymentId}</span>
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/properties">View Properties</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
