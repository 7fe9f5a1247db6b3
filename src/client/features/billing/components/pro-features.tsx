import { Building2, CalendarClock, FileText, Mail, type LucideIcon } from 'lucide-react';

const PRO_FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Building2,
    title: 'Unlimited properties',
    description: 'Track every building you manage, not just one.',
  },
  {
    icon: CalendarClock,
    title: 'Unlimited inspections',
    description: 'Schedule as many inspections at a time as you need.',
  },
  {
    icon: Mail,
    title: 'E-mail reminders',
    description: 'Reminders 30 and 7 days before an inspection is due, on the day, and while it is overdue.',
  },
  {
    icon: FileText,
    title: 'PDF compliance reports',
    description: 'A dated record of each property’s compliance to share with owners, insurers and inspectors.',
  },
];

/** What Firemark Pro adds to the Free plan, each with a line on why it matters. */
export function ProFeatureList() {
  return (
    <ul className="space-y-4">
      {PRO_FEATURES.map(({ icon: Icon, title, description }) => (
        <li key={title} className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium leading-tight">{title}</p>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
