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
function when(input: Pick<InspectionReminderInput, 'reminderType' | 'daysUntilDue' | 'dueDate'>): { subject: string; sentence: string } {
  const due = formatDisplayDate(input.dueDate);
  if (input.reminderType === 'overdue') {
    return { subject: 'Overdue inspection', sentence: `was due on ${due}, ${days(-input.daysUntilDue)} ago, and is not completed yet.` };
  }
  if (input.reminderType === 'due_date') return { subject: 'Inspection due today', sentence: `is due today, ${due}.` };
  return { subject: `Inspection due in ${days(input.daysUntilDue)}`, sentence: `is due in ${days(input.daysUntilDue)}, on ${due}.` };
}

type ReminderFacts = Omit<InspectionReminderInput, 'name' | 'inspectionUrl' | 'settingsUrl'>;

function reminderText(input: ReminderFacts): { subject: string; paragraphs: string[] } {
  const type = INSPECTION_TYPE_LABELS[input.inspectionType as InspectionType] ?? input.inspectionType;
  const { subject, sentence } = when(input);
  return {
    subject: `${subject}: ${type} at ${input.propertyName}`,
    paragraphs: [
      `The ${type} inspection at ${input.propertyName} ${sentence}`,
      `Property: ${input.propertyName}, ${input.propertyAddress}\nInspection: ${type}\nAssigned to: ${input.assignedTo}`,
    ],
  };
}

export function inspectionReminderEmail(input: InspectionReminderInput): EmailContent {
  const { subject, paragraphs } = reminderText(input);
  return renderEmail({
    subject,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      ...paragraphs,
      input.reminderType === 'overdue'
        ? 'An overdue inspection can put the building and its licence at risk. Complete it, or reschedule it if it has to wait.'
        : 'Once it is done, mark it completed in Firemark so that the property shows as compliant.',
    ],
    action: { label: 'Open the inspection', url: input.inspectionUrl },
    footer: `You receive this because inspection reminders are on for your Firemark account. Change it in Settings: ${input.settingsUrl}`,
  });
}

/** The property manager's own copy: no link into an account that is not theirs. */
export function managerInspectionReminderEmail(
  input: ReminderFacts & { accountName: string; accountEmail: string; unsubscribeUrl: string },
): EmailContent {
  const { subject, paragraphs } = reminderText(input);
  return renderEmail({
    subject,
    greeting: 'Hello,',
    paragraphs: [
      ...paragraphs,
      `${input.accountName} (${input.accountEmail}) keeps ${input.propertyName} in Firemark and records the inspection there once it is done.`,
    ],
    footer: `You receive this because you confirmed that ${input.accountName} may send you compliance alerts and inspection reminders through Firemark.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
