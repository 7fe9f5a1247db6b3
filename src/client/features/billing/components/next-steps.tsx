import { Building2, CalendarClock, FileText, Mail, type LucideIcon } from 'lucide-react';

const STEPS: { icon: LucideIcon; text: string }[] = [
  { icon: Building2, text: 'Add every property you manage: there is no limit now.' },
  { icon: CalendarClock, text: 'Schedule as many inspections at a time as you need.' },
  { icon: Mail, text: 'Check your e-mail reminder settings under Settings.' },
  { icon: FileText, text: 'Generate a PDF compliance report from any property’s page.' },
];

/** What to do first with Pro, in the order most people need it. */
export function NextSteps({ titleId }: { titleId: string }) {
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="font-semibold">
        Next steps
      </h2>
      <ol className="space-y-2.5">
        {STEPS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-sm">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
