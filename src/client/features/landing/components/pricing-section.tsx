import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const PLANS = [
  {
    name: 'Free',
    price: '$0',
    summary: 'For a single building getting started.',
    features: ['1 property', '1 inspection', 'Basic features'],
    cta: 'Start for Free',
    to: '/auth/signup',
    popular: false,
  },
  {
    name: 'Pro',
    price: '$29',
    summary: 'Firemark Pro, for portfolios of any size.',
    features: ['Unlimited properties', 'Unlimited inspections', 'E-mail reminders', 'PDF reports'],
    cta: 'Start 30-Day Free Trial',
    // The trial button starts the trial with the account (DECISIONS, "Plans and limits").
    to: '/auth/signup?trial=1',
    popular: true,
  },
];

export function PricingSection() {
  return (
    <section aria-labelledby="pricing-title" className="bg-slate-50 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Simple pricing, cancel anytime
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Start free. Try Pro free for 30 days, no credit card required.
          </p>
        </div>
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-background p-6 shadow-sm sm:p-8',
                plan.popular && 'border-2 border-primary shadow-lg',
              )}
            >
              {plan.popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                  Most Popular
                </span>
              ) : null}
              <h3 className="text-xl font-semibold">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight">{plan.price}</span>
                <span className="text-slate-600">/month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-3">
                    <Check aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-8 w-full" variant={plan.popular ? 'default' : 'outline'} size="lg">
                <Link to={plan.to}>{plan.cta}</Link>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
