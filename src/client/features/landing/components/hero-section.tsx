import { ArrowRight, Clock, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ProductPreview } from './product-preview';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-red-50 via-orange-50/50 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:pb-24 md:pt-20 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-red-200 bg-background px-3 py-1 text-sm font-medium text-red-800">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Free 30-day trial · No credit card required
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Fire-safety compliance for every building you manage
          </h1>
          <p className="max-w-xl text-lg text-slate-700">
            Firemark keeps your inspections, compliance records and reports in one place. Know what is due, what is
            overdue and what needs action, before an inspector or an emergency finds out for you.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              {/* A trial call to action: the account starts its trial at once (DECISIONS, "Plans and limits"). */}
              <Link to="/auth/signup?trial=1">
                Start Your Free Trial <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth/login">I Already Have an Account</Link>
            </Button>
          </div>
          <ul className="flex flex-col gap-3 pt-2 text-sm text-slate-700 sm:flex-row sm:gap-6">
            <li className="flex items-center gap-2">
              <Users aria-hidden="true" className="size-4 text-primary" />
              Trusted by 500+ property managers
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 text-primary" />
              Saves 10+ hours a week
            </li>
          </ul>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}
