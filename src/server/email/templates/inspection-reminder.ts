import { formatDisplayDate } from '@shared/dates';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { renderEmail, type EmailContent } from '../layout';

export interface InspectionReminderInput {
  name: string;
  reminderType: 'thirty_day' | 'seven_day' | 'due_date' | 'overdue';
  daysUntilDue: number;
  dueDate: string;
  inspectionType: string;
  assignedTo: string;
  propertyName: string;
  propertyAddress: string;
  inspectionUrl: string;
  settingsUrl: string;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** When it is due, in the words of the subject line and the first sentence. */
function when(input: InspectionReminderInput): { subject: string; sentence: string } {
  const due = formatDisplayDate(input.dueDate);
  if (input.reminderType === 'overdue') {
    return { subject: 'Overdue inspection', sentence: `was due on ${due}, ${days(-input.daysUntilDue)} ago, and is not completed yet.` };
  }
  if (input.reminderType === 'due_date') return { subject: 'Inspection due today', sentence: `is due today, ${due}.` };
  return { subject: `Inspection due in ${days(input.daysUntilDue)}`, sentence: `is due in ${days(input.daysUntilDue)}, on ${due}.` };
}

export function inspectionReminderEmail(input: InspectionReminderInput): EmailContent {
  const type = INSPECTION_TYPE_LABELS[input.inspectionType as InspectionType] ?? input.inspectionType;
  const { subject, sentence } = when(input);
  return renderEmail({
    subject: `${subject}: ${type} at ${input.propertyName}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The ${type} inspection at ${input.propertyName} ${sentence}`,
      `Property: ${input.propertyName}, ${input.propertyAddress}\nInspection: ${type}\nAssigned to: ${input.assignedTo}`,
      input.reminderType === 'overdue'
        ? 'An overdue inspection can put the building and its licence at risk. Complete it, or reschedule it if it has to wait.'
        : 'Once it is done, mark it completed in Firemark so that the property shows as compliant.',
    ],
    action: { label: 'Open the inspection', url: input.inspectionUrl },
    footer: `You receive this because inspection reminders are on for your Firemark account. Change it in Settings: ${input.settingsUrl}`,
  });
}
