import { useEffect, useId, useRef, useState } from 'react';
import { CreditCard, Plus } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PaymentMethod } from '../api/billing-types';
import { usePaymentMethods } from '../api/use-payment-methods';
import { AddPaymentMethodPanel } from './add-payment-method-panel';
import { brandName, cardExpiry, cardLabel } from './card-labels';

function MethodRow({ method }: { method: PaymentMethod }) {
  const { card } = method;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted/50">
          <CreditCard aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="font-medium">
            {/* The dots are read out one by one, so screen readers get words instead. */}
            <span aria-hidden="true">
              {brandName(card.brand)} •••• {card.last4}
            </span>
            <span className="sr-only">{cardLabel(card)}</span>
          </p>
          <p className="text-sm text-muted-foreground">Expires {cardExpiry(card)}</p>
        </div>
      </div>
      {method.isDefault ? (
        <Badge variant="success" title="Your default card, used for the next invoice">
          Active
        </Badge>
      ) : null}
    </li>
  );
}

function MethodsSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading your payment methods...</span>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/** SPEC "Billing", subscribers: the saved cards and a way to add one. */
export function PaymentMethodsCard() {
  const titleId = useId();
  const methods = usePaymentMethods({ enabled: true });
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);

  // The panel that had focus is gone once it closes: focus goes back to the button that opened it.
  useEffect(() => {
    if (!refocus) return;
    addButton.current?.focus();
    setRefocus(false);
  }, [refocus]);

  let list;
  if (methods.isPending) list = <MethodsSkeleton />;
  else if (methods.isError)
    list = (
      <LoadError
        message="Your payment methods could not be loaded."
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  else if (methods.data.length === 0) list = <p className="text-sm text-muted-foreground">No saved cards yet.</p>;
  else
    list = (
      <ul className="divide-y" aria-label="Saved cards">
        {methods.data.map((method) => (
          <MethodRow key={method.id} method={method} />
        ))}
      </ul>
    );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Payment Methods</CardTitle>
        <CardDescription>The card marked Active pays your monthly invoice.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {list}
        {adding ? (
          <AddPaymentMethodPanel
            onClose={() => {
              setAdding(false);
              setRefocus(true);
            }}
          />
        ) : (
          <Button ref={addButton} variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add Payment Method
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
