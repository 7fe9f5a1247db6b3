import { ChevronDown } from 'lucide-react';

const FAQS = [
  {
    question: 'How do I add a property?',
    answer:
      'Open Properties and choose Add Property, then enter the name, address, property type and the manager’s e-mail. You can also import several properties at once from a CSV file.',
  },
  {
    question: 'How do I schedule an inspection?',
    answer:
      'Go to Inspections and choose Schedule Inspection, or use Schedule Inspection on a property. Pick the inspection type, the due date and who will carry it out.',
  },
  {
    question: 'How do I export a compliance report?',
    answer:
      'On Reports, or on a property’s Reports tab, generate a fire-safety compliance report and download it as a PDF. PDF reports are part of Firemark Pro.',
  },
  {
    question: 'Will I get e-mail reminders?',
    answer:
      'With Firemark Pro, reminders go out 30 days and 7 days before an inspection is due, on the due date, and while it is overdue. Choose which e-mails you receive in Settings.',
  },
  {
    question: 'Is there a property limit on the free plan?',
    answer:
      'The free plan covers 1 property and 1 scheduled inspection at a time. Firemark Pro gives you unlimited properties and inspections for $29/month.',
  },
] as const;

export function FaqList() {
  return (
    <div className="divide-y rounded-lg border">
      {FAQS.map(({ question, answer }) => (
        <details key={question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-medium hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-4 pb-4 text-sm text-muted-foreground">{answer}</p>
        </details>
      ))}
    </div>
  );
}
