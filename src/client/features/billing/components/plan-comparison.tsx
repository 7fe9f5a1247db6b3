import { useId, type ReactNode } from 'react';
import { Check, Minus } from 'lucide-react';
import { PRO_PLAN_NAME, type Plan } from '@shared/plans';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const included = (
  <span className="inline-flex items-center gap-1.5">
    <Check aria-hidden="true" className="size-4 shrink-0 text-green-700" />
    Included
  </span>
);
const notIncluded = (
  <span className="inline-flex items-center gap-1.5 text-muted-foreground">
    <Minus aria-hidden="true" className="size-4 shrink-0" />
    Not included
  </span>
);

// SPEC "Billing": Free $0/month against Pro $29 USD/month.
const ROWS: { feature: string; free: ReactNode; pro: ReactNode }[] = [
  { feature: 'Price', free: '$0 / month', pro: '$29 USD / month' },
  { feature: 'Properties', free: '1', pro: 'Unlimited' },
  { feature: 'Scheduled inspections', free: '1 at a time', pro: 'Unlimited' },
  { feature: 'Compliance tracking and inspection calendar', free: included, pro: included },
  { feature: 'E-mail reminders', free: notIncluded, pro: included },
  { feature: 'PDF compliance reports', free: notIncluded, pro: included },
  { feature: 'Cancel anytime', free: 'Nothing to cancel', pro: 'Yes' },
];

function PlanHeader({ name, current }: { name: string; current: boolean }) {
  return (
    <th scope="col" className="px-3 py-3 text-left align-bottom font-semibold">
      <span className="block">{name}</span>
      {current ? (
        <Badge variant="success" className="mt-1">
          Your plan
        </Badge>
      ) : null}
    </th>
  );
}

/**
 * Free against Pro, one row per feature. A fixed layout with wrapping cells keeps the three
 * columns inside a phone's width, so the page never scrolls sideways.
 */
export function PlanComparison({ currentPlan }: { currentPlan: Plan | undefined }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Compare plans</CardTitle>
        <CardDescription>What the Free plan and {PRO_PLAN_NAME} each give you.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">Free plan and {PRO_PLAN_NAME} compared</caption>
          <colgroup>
            <col className="w-[38%] sm:w-1/2" />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr className="border-b">
              <th scope="col" className="px-3 py-3 text-left align-bottom font-semibold sm:pl-0">
                <span className="sr-only">Feature</span>
              </th>
              <PlanHeader name="Free" current={currentPlan === 'free'} />
              <PlanHeader name={PRO_PLAN_NAME} current={currentPlan === 'pro'} />
            </tr>
          </thead>
          <tbody className="divide-y">
            {ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="break-words px-3 py-3 text-left align-top font-medium sm:pl-0">
                  {row.feature}
                </th>
                <td className="break-words px-3 py-3 align-top">{row.free}</td>
                <td className="break-words px-3 py-3 align-top">{row.pro}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
