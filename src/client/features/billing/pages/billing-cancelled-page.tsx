import { CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export default function BillingCancelledPage() {
  useDocumentTitle('Payment Cancelled');
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-700">
          <CircleX aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Payment Cancelled
        </CardTitle>
        <CardDescription>Your payment was cancelled. No charges were made.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/billing">Try Again</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
