import { renderEmail, type EmailContent } from '../layout';

/** Sent when a report is generated and the account wants to hear of it (emailReportGeneration). */
export function reportReadyEmail(input: { name: string; propertyName: string; fileName: string; reportsUrl: string }): EmailContent {
  return renderEmail({
    subject: `Fire safety report ready: ${input.propertyName}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The fire safety compliance report for ${input.propertyName} has been generated (${input.fileName}).`,
      'It is kept with the property, so you can download it again whenever an insurer or fire official asks for it.',
    ],
    action: { label: "Open the property's reports", url: input.reportsUrl },
    footer: 'You receive this because report e-mails are on for your Firemark account (Settings, Notifications).',
  });
}
