import { useId } from 'react';
import { Server } from 'lucide-react';
import { PRO_PLAN_NAME } from '@shared/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProFeatureList } from './pro-features';

/** BILLING=off (DECISIONS "Billing"): a server that does not bill, where every account is Pro. */
export function BillingOffCard() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Server aria-hidden="true" className="size-5" />
        </span>
        <CardTitle id={titleId}>Billing is off</CardTitle>
        <CardDescription>
          This Firemark server does not bill: every account on it has {PRO_PLAN_NAME}, with nothing to pay and no card to
          add. Questions about the server go to the person who runs it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ProFeatureList />
      </CardContent>
    </Card>
  );
}
