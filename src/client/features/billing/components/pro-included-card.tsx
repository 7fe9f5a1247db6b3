import { useId } from 'react';
import { PRO_PLAN_NAME } from '@shared/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProFeatureList } from './pro-features';

/** The Pro feature list on its own: for Pro accounts, and while the plan is not known yet. */
export function ProIncludedCard({ onPro }: { onPro: boolean }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{onPro ? 'Included in your plan' : `What ${PRO_PLAN_NAME} includes`}</CardTitle>
        <CardDescription>
          {onPro ? `Everything in ${PRO_PLAN_NAME} is turned on for your account.` : 'Everything in the Free plan, without its limits.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ProFeatureList />
      </CardContent>
    </Card>
  );
}
