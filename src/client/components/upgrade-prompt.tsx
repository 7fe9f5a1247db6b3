import { useId, type ReactNode } from 'react';
import { Check, Crown, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { PRO_PLAN_NAME } from '@shared/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useClaimUpgradePrompt } from '@/lib/upgrade-prompt-claim';
import { OWNER_UPGRADES, useCanUpgrade } from '@/lib/upgrade-offer';
import { cn } from '@/lib/utils';

export const UPGRADE_BENEFITS = [
  'Unlimited properties & inspections',
  'Professional PDF reports',
  'Automated email reminders',
] as const;

interface UpgradePromptProps {
  /** 'card' for a screen the plan blocks, 'inline' for a reminder inside a page. */
  variant?: 'card' | 'inline';
  /** Names what the upgrade unlocks: "Upgrade to Unlock {feature}". Without it: "Upgrade to Pro". */
  feature?: string;
  description?: ReactNode;
  /** The title's heading level, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** SPEC 2, "Upgrade prompt (shared)": both variants send the user to /billing. */
export function UpgradePrompt({ variant = 'card', feature, description, headingLevel = 'h2', className }: UpgradePromptProps) {
  const titleId = useId();
  // SPEC's title for everyone. A member who cannot change the plan learns who can, and is
  // told to ask them where an owner has the button: no way to a Billing page that refuses them.
  const canUpgrade = useCanUpgrade();
  const title = feature ? `Upgrade to Unlock ${feature}` : 'Upgrade to Pro';
  const text = !canUpgrade ? OWNER_UPGRADES : (description ?? `${PRO_PLAN_NAME} removes the free plan's limits for $29 per month. Cancel anytime.`);
  const Heading = headingLevel;
  // A blocked screen's card is its prompt; the banner steps aside meanwhile.
  useClaimUpgradePrompt(variant === 'card');

  if (variant === 'inline') {
    return (
      <section
        aria-labelledby={titleId}
        className={cn(
          'flex flex-col gap-3 rounded-xl border border-red-200 bg-accent p-4 sm:flex-row sm:items-center sm:justify-between',
          className,
        )}
      >
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-800">
            <Crown aria-hidden="true" className="size-5" />
          </span>
          <div className="space-y-1">
            <Heading id={titleId} className="font-semibold leading-tight">
              {title}
            </Heading>
            <p className="text-sm text-slate-700">{text}</p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              {UPGRADE_BENEFITS.map((benefit) => (
                <li key={benefit} className="flex items-center gap-1.5">
                  <Check aria-hidden="true" className="size-4 text-green-700" />
                  {benefit}
                </li>
              ))}
            </ul>
          </div>
        </div>
        {canUpgrade ? (
          <Button asChild className="sm:self-center">
            <Link to="/billing">Upgrade</Link>
          </Button>
        ) : (
          <AskAnOwner className="sm:self-center" />
        )}
      </section>
    );
  }

  return (
    <Card aria-labelledby={titleId} role="region" className={cn('mx-auto max-w-lg text-center', className)}>
      <CardHeader className="items-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Crown aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as={Heading} id={titleId} className="text-xl">
          {title}
        </CardTitle>
        <CardDescription className="max-w-sm">{text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ul className="mx-auto w-fit space-y-2 text-left text-sm">
          {UPGRADE_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-green-700" />
              {benefit}
            </li>
          ))}
        </ul>
        {canUpgrade ? (
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to="/billing">Upgrade to Pro</Link>
          </Button>
        ) : (
          <AskAnOwner className="mx-auto" />
        )}
      </CardContent>
    </Card>
  );
}

/** Where an owner has the upgrade button, for everyone else: a note, not a control, since there is nothing to press. */
function AskAnOwner({ className }: { className?: string }) {
  return (
    <p className={cn('flex w-fit items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm font-medium text-slate-700', className)}>
      <UserRound aria-hidden="true" className="size-4 shrink-0" />
      Ask an owner to upgrade
    </p>
  );
}
