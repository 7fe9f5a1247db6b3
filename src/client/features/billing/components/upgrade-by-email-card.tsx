import { useId } from 'react';
import { Mail } from 'lucide-react';
import { PRO_PLAN_NAME } from '@shared/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSupportContact } from '@/lib/use-support-contact';
import { ProFeatureList } from './pro-features';

/** For a free account whose trial is used: card payments are not built, so support upgrades by hand. */
export function UpgradeByEmailCard() {
  const titleId = useId();
  const email = useSupportContact().data?.email;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Upgrade to {PRO_PLAN_NAME}</CardTitle>
        <CardDescription>Your free trial has been used.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ProFeatureList />
        <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="min-w-0 space-y-2">
            <p>Card payments are not enabled on this Firemark server, so Pro cannot be bought here yet.</p>
            {email ? (
              <p>
                To upgrade, write to{' '}
                <a
                  href={`mailto:${email}?subject=${encodeURIComponent(`Upgrade to ${PRO_PLAN_NAME}`)}`}
                  className="break-words font-medium text-primary underline underline-offset-4"
                >
                  {email}
                </a>{' '}
                and we will help you upgrade.
              </p>
            ) : (
              <p>To upgrade, contact support from the Help button at the top of the page.</p>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
