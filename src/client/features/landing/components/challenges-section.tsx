import { CircleCheck, CircleX } from 'lucide-react';

const CHALLENGES = [
  'Inspection dates tracked in spreadsheets, calendars and memory',
  'Certificates and inspector notes scattered across e-mail and paper',
  'Missed deadlines discovered only when an audit or insurer asks',
  'Hours spent assembling reports for owners, insurers and fire marshals',
];

const SOLUTIONS = [
  'Every inspection and due date in one schedule, across all your buildings',
  'Compliance tracked per item: extinguishers, sprinklers, alarms, exits and more',
  'Automatic e-mail reminders 30 days and 7 days ahead, on the day, and when overdue',
  'Professional PDF compliance reports in one click',
];

export function ChallengesSection() {
  return (
    <section aria-labelledby="challenges-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto mb-12 max-w-2xl text-center">
        <h2 id="challenges-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Fire safety shouldn&apos;t depend on spreadsheets
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          Keeping buildings compliant is hard when the information lives in a dozen places.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl border bg-slate-50 p-6 sm:p-8">
          <h3 className="mb-5 text-xl font-semibold">The challenge</h3>
          <ul className="space-y-4">
            {CHALLENGES.map((text) => (
              <li key={text} className="flex gap-3 text-slate-700">
                <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-red-200 bg-red-50 p-6 sm:p-8">
          <h3 className="mb-5 text-xl font-semibold text-red-900">The Firemark way</h3>
          <ul className="space-y-4">
            {SOLUTIONS.map((text) => (
              <li key={text} className="flex gap-3 text-slate-800">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
