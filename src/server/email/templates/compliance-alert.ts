import { formatDisplayDate } from '@shared/dates';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { renderEmail, type EmailContent } from '../layout';

export function complianceAlertEmail(input: {
  name: string;
  propertyName: string;
  inspectionType: InspectionType;
  inspectedOn: string;
  notes: string;
  propertyUrl: string;
  settingsUrl: string;
}): EmailContent {
  const type = INSPECTION_TYPE_LABELS[input.inspectionType];
  return renderEmail({
    subject: `Action needed: ${type} non-compliant at ${input.propertyName}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The ${type} inspection at ${input.propertyName} on ${formatDisplayDate(input.inspectedOn)} found it non-compliant. The property needs action before it is compliant again.`,
      `What the inspection found:\n${input.notes}`,
      'Once the problem is fixed, schedule and complete a new inspection so the property shows as compliant.',
    ],
    action: { label: 'Open the property', url: input.propertyUrl },
    footer: `You receive this because compliance alerts are on for your Firemark account. Change it in Settings: ${input.settingsUrl}`,
  });
}
