import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-red-700 to-red-900 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to make fire safety effortless?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-red-50">
          Start your free 30-day trial today. No credit card required.
        </p>
        <Button asChild size="lg" variant="outline" className="mt-8 border-white bg-white text-red-800 hover:bg-red-50">
          {/* Under "Start your free 30-day trial today": a trial call to action (DECISIONS, "Plans and limits"). */}
          <Link to="/auth/signup?trial=1">
            Try Firemark Free <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
