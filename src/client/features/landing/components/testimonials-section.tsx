import { Quote } from 'lucide-react';

// Attributed by role and portfolio only, so no individual is named.
const TESTIMONIALS = [
  {
    quote:
      'We used to find out about lapsed extinguisher checks during audits. Now the whole team sees what is due weeks ahead.',
    role: 'Facilities Director',
    org: 'Regional healthcare group, 9 sites',
  },
  {
    quote:
      'Generating a compliance report for our insurer used to take an afternoon. With Firemark it takes a minute.',
    role: 'Property Manager',
    org: 'Residential portfolio, 40 buildings',
  },
  {
    quote: 'The reminders alone paid for it. Nothing slips through the cracks any more, even in our busiest months.',
    role: 'Owner',
    org: 'Retail plaza and office park',
  },
];

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto mb-12 max-w-2xl text-center">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Trusted by 500+ property managers
        </h2>
        <p className="mt-4 text-lg text-slate-700">Teams save 10+ hours a week on inspection admin.</p>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.role} className="flex">
            <figure className="flex flex-col justify-between gap-6 rounded-2xl border p-6 shadow-sm">
              <blockquote className="space-y-3">
                <Quote aria-hidden="true" className="size-6 text-orange-500" />
                <p className="text-slate-800">{t.quote}</p>
              </blockquote>
              <figcaption>
                <p className="font-semibold">{t.role}</p>
                <p className="text-sm text-slate-600">{t.org}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
