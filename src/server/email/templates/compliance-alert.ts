import { formatDisplayDate } from '@shared/dates';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { renderEmail, type EmailContent } from '../layout';

interface Finding {
  propertyName: string;
  inspectionType: InspectionType;
  inspectedOn: string;
  notes: string;
}

function findingText(input: Finding): { subject: string; paragraphs: string[] } {
  const type = INSPECTION_TYPE_LABELS[input.inspectionType];
  return {
    subject: `Action needed: ${type} non-compliant at ${input.propertyName}`,
    paragraphs: [
      `The ${type} inspection at ${input.propertyName} on ${formatDisplayDate(input.inspectedOn)} found it non-compliant. The property needs action before it is compliant again.`,
      `What the inspection found:\n${input.notes}`,
    ],
  };
}

const accountFooter = (settingsUrl: string) =>
  `You receive this because compliance alerts are on for your Firemark account. Change it in Settings: ${settingsUrl}`;

export function complianceAlertEmail(input: Finding & { name: string; propertyUrl: string; settingsUrl: string }): EmailContent {
  const { subject, paragraphs } = findingText(input);
  return renderEmail({
    subject,
    greeting: `Hello ${input.name},`,
    paragraphs: [...paragraphs, 'Once the problem is fixed, schedule and complete a new inspection so the property shows as compliant.'],
    action: { label: 'Open the property', url: input.propertyUrl },
    footer: accountFooter(input.settingsUrl),
  });
}

/** The property manager's own copy: no link into an account that is not theirs. */
export function managerComplianceAlertEmail(input: Finding & { accountName: string; accountEmail: string; unsubscribeUrl: string }): EmailContent {
  const { subject, paragraphs } = findingText(input);
  return renderEmail({
    subject,
    greeting: 'Hello,',
    paragraphs: [...paragraphs, `${input.accountName} (${input.accountEmail}) keeps ${input.propertyName} in Firemark. Once the problem is fixed, a new inspection shows the property as compliant again.`],
    footer: `You receive this because you confirmed that ${input.accountName} may send you compliance alerts and inspection reminders through Firemark.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** Sent once when an account's alerts reach their hourly limit, instead of the rest. */
export function complianceAlertSummaryEmail(input: { name: string; limit: number; propertiesUrl: string; settingsUrl: string }): EmailContent {
  return renderEmail({
    subject: 'More inspections found non-compliant: alerts paused for up to an hour',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Firemark has e-mailed you ${input.limit} compliance alerts in the last hour, and more inspections have been found non-compliant since.`,
      'To keep your inbox usable, no more of these alerts are sent for up to an hour; then they resume. Nothing is lost: every finding is on its property in Firemark.',
    ],
    action: { label: 'See the non-compliant properties', url: input.propertiesUrl },
    footer: accountFooter(input.settingsUrl),
  });
}
