import { formatDisplayDate } from '@shared/dates';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { renderEmail, type EmailContent } from '../layout';

export interface RequirementReminderInput {
  name: string;
  reminderType: 'thirty_day' | 'seven_day' | 'due_date' | 'overdue';
  daysUntilDue: number;
  dueDate: string;
  inspectionType: string;
  activity: string;
  propertyName: string;
  propertyAddress: string;
  scheduleUrl: string;
  propertyUrl: string;
  settingsUrl: string;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function when(input: Pick<RequirementReminderInput, 'reminderType' | 'daysUntilDue' | 'dueDate'>): { subject: string; sentence: string } {
  const due = formatDisplayDate(input.dueDate);
  if (input.reminderType === 'overdue') return { subject: 'Overdue, not scheduled', sentence: `was due on ${due}, ${days(-input.daysUntilDue)} ago` };
  if (input.reminderType === 'due_date') return { subject: 'Due today, not scheduled', sentence: `is due today, ${due}` };
  return { subject: `Due in ${days(input.daysUntilDue)}, not scheduled`, sentence: `is due in ${days(input.daysUntilDue)}, on ${due}` };
}

type RequirementFacts = Omit<RequirementReminderInput, 'name' | 'scheduleUrl' | 'propertyUrl' | 'settingsUrl'>;

function requirementText(input: RequirementFacts): { subject: string; paragraphs: string[] } {
  const type = INSPECTION_TYPE_LABELS[input.inspectionType as InspectionType] ?? input.inspectionType;
  const { subject, sentence } = when(input);
  return {
    subject: `${subject}: ${input.activity} (${type}) at ${input.propertyName}`,
    paragraphs: [
      `The ${input.activity} of the ${type} at ${input.propertyName} ${sentence}, and no inspection is scheduled for it.`,
      `Property: ${input.propertyName}, ${input.propertyAddress}\nSafety item: ${type}\nRequirement: ${input.activity}`,
    ],
  };
}

/** A requirement that is due with no inspection scheduled for it: the mail says how to schedule it. */
export function requirementReminderEmail(input: RequirementReminderInput): EmailContent {
  const { subject, paragraphs } = requirementText(input);
  return renderEmail({
    subject,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      ...paragraphs,
      `Schedule it in Firemark. If it does not apply to this property, switch it off on the property page (${input.propertyUrl}) and say why.`,
    ],
    action: { label: 'Schedule the inspection', url: input.scheduleUrl },
    footer: `You receive this because inspection reminders are on for your Firemark account. Change it in Settings: ${input.settingsUrl}`,
  });
}

/** The property manager's own message about it: no link into an account that is not theirs. */
export function managerRequirementReminderEmail(
  input: RequirementFacts & { accountName: string; accountEmail: string; unsubscribeUrl: string },
): EmailContent {
  const { subject, paragraphs } = requirementText(input);
  return renderEmail({
    subject,
    greeting: 'Hello,',
    paragraphs: [
      ...paragraphs,
      `${input.accountName} (${input.accountEmail}) keeps ${input.propertyName} in Firemark and schedules its inspections there.`,
    ],
    footer: `You receive this because you confirmed that ${input.accountName} may send you compliance alerts and inspection reminders through Firemark.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
