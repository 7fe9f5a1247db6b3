import { renderEmail, type EmailContent } from '../layout';

/**
 * The monthly portfolio summary (docs/insight.md "Monthly summary"), for an owner or admin who
 * switched it on: the changes in words, and a link to the PDF on the Insight page, which asks
 * them to sign in (the figures are the organisation's, so they are not attached to a mail).
 */
export function monthlySummaryEmail(input: {
  name: string;
  organizationName: string;
  /** "October 2026" */
  monthLabel: string;
  sentences: string[];
  summaryUrl: string;
  settingsUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `${input.organizationName}: your portfolio in ${input.monthLabel}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Here is how ${input.organizationName} did in ${input.monthLabel}, compared with the month before:`,
      input.sentences.map((sentence) => `- ${sentence}`).join('\n'),
      'The PDF has each figure in a table, with open deficiencies by severity and age. Download it from the Insight page (you may be asked to sign in).',
    ],
    action: { label: 'Download the summary (PDF)', url: input.summaryUrl },
    footer: `You receive this because the monthly portfolio summary is on for your Firemark account. Switch it off in Settings, Notifications: ${input.settingsUrl}`,
  });
}
