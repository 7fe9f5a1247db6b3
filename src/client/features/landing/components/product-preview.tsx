import { Building2, CalendarClock, CircleCheck, TriangleAlert } from 'lucide-react';

const ROWS = [
  { name: 'Harbor View Offices', item: 'Sprinkler System', due: 'Due in 5 days', tone: 'bg-yellow-100 text-yellow-900', label: 'Due Soon' },
  { name: 'Maple Street Clinic', item: 'Fire Alarm', due: 'Inspected last week', tone: 'bg-green-100 text-green-800', label: 'Compliant' },
  { name: 'Riverside Retail Park', item: 'Emergency Lighting', due: '3 days overdue', tone: 'bg-red-100 text-red-800', label: 'Overdue' },
];

/** An illustration of the dashboard, drawn in HTML so it stays sharp and needs no image download. */
export function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full min-w-0 max-w-lg select-none">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-br from-orange-200/60 via-red-200/50 to-transparent blur-2xl" />
      <div className="rounded-2xl border bg-background p-4 shadow-xl sm:p-5">
        <div className="mb-4 grid grid-cols-3 gap-3">
          <div className="rounded-lg border p-3">
            <Building2 className="mb-2 size-4 text-slate-600" />
            <p className="text-xl font-bold">14</p>
            <p className="text-xs text-slate-600">Properties</p>
          </div>
          <div className="rounded-lg border p-3">
            <CircleCheck className="mb-2 size-4 text-green-700" />
            <p className="text-xl font-bold">12</p>
            <p className="text-xs text-slate-600">Compliant</p>
          </div>
          <div className="rounded-lg border p-3">
            <TriangleAlert className="mb-2 size-4 text-red-700" />
            <p className="text-xl font-bold">1</p>
            <p className="text-xs text-slate-600">Past Due</p>
          </div>
        </div>
        <div className="mb-2 flex items-center gap-2 text-sm font-semibold">
          <CalendarClock className="size-4 text-primary" /> Upcoming inspections
        </div>
        <ul className="space-y-2">
          {ROWS.map((row) => (
            <li key={row.name} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{row.name}</p>
                <p className="truncate text-xs text-slate-600">
                  {row.item} · {row.due}
                </p>
              </div>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${row.tone}`}>{row.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
