import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export default function BillingSuccessPage() {
  useDocumentTitle('Payment Successful');
  const [params] = useSearchParams();
  const paymentId = params.get('payment_intent');
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-green-100 text-green-800">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Payment Successful!
        </CardTitle>
        <CardDescription>Thank you. Your subscription to Firemark Pro is being activated.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
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
