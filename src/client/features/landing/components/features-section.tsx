import { BellRing, Building2, CalendarCheck, ClipboardList, FileDown, FileSpreadsheet } from 'lucide-react';

const FEATURES = [
  {
    icon: Building2,
    title: 'Property portfolio',
    text: 'Keep every building with its address, type and responsible manager, and see its compliance status at a glance.',
  },
  {
    icon: CalendarCheck,
    title: 'Inspection scheduling',
    text: 'Schedule, complete and reschedule inspections in a list or calendar view, with the assignee on every visit.',
  },
  {
    icon: ClipboardList,
    title: 'Compliance tracking',
    text: 'Track extinguishers, sprinklers, emergency lighting, exits, smoke detectors and alarms item by item.',
  },
  {
    icon: BellRing,
    title: 'E-mail reminders',
    text: 'Reminders 30 days and 7 days before a due date, on the day, and while an inspection is overdue.',
  },
  {
    icon: FileDown,
    title: 'PDF compliance reports',
    text: 'Generate professional reports with item statuses, inspection history and open deficiencies.',
  },
  {
    icon: FileSpreadsheet,
    title: 'CSV import',
    text: 'Bring your whole portfolio in at once from a spreadsheet, with a preview before anything is saved.',
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="bg-slate-50 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything you need to stay compliant
          </h2>
          <p className="mt-4 text-lg text-slate-700">Built for the people who answer for the safety of a building.</p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border bg-background p-6 shadow-sm">
              <span className="mb-4 flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-orange-500 to-red-700 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mb-2 text-lg font-semibold">{title}</h3>
              <p className="text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
