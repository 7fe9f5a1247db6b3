import { renderEmail, type EmailContent } from '../layout';

/** How many properties a digest names; the rest are counted in one line. */
export const DIGEST_PROPERTIES_LISTED = 10;

export interface DigestProperty {
  name: string;
  count: number;
}

export interface UnknownLastDoneDigestInput {
  name: string;
  /** Requirements with no known last date, across `propertyCount` properties. */
  checkCount: number;
  propertyCount: number;
  /** The properties with the most of them first, at most DIGEST_PROPERTIES_LISTED. */
  properties: DigestProperty[];
  recordUrl: string;
  settingsUrl: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one daily mail about requirements nobody has said when they were last done (DECISIONS
 * "Item types, activities and code sets"): they are due now, and the fix is to record the
 * dates, so the mail says how many and where and links to Record past inspections instead of
 * sending a reminder for each.
 */
export function unknownLastDoneDigestEmail(input: UnknownLastDoneDigestInput): EmailContent {
  const checks = plural(input.checkCount, 'check', 'checks');
  const at = plural(input.propertyCount, 'property', 'properties');
  const have = input.checkCount === 1 ? 'has' : 'have';
  const listed = input.properties.map((p) => `- ${p.name}: ${plural(p.count, 'check', 'checks')}`);
  const rest = input.propertyCount - input.properties.length;
  if (rest > 0) listed.push(`- and ${plural(rest, 'more property', 'more properties')}`);
  return renderEmail({
    subject: `${checks} at ${at} ${have} no known last date`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${checks} at ${at} ${have} no known last date. Until someone records when ${input.checkCount === 1 ? 'it was' : 'they were'} last done, Firemark counts ${input.checkCount === 1 ? 'it' : 'them'} as due now.`,
      listed.join('\n'),
      'Record the dates of past inspections in Firemark, and each check gets its real next due date and its own reminders. This mail comes at most once a day while any remain.',
    ],
    action: { label: 'Record past inspections', url: input.recordUrl },
    footer: `You receive this because inspection reminders are on for your Firemark account. Change it in Settings: ${input.settingsUrl}`,
  });
}
