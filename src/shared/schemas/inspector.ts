import { z } from 'zod';
import { calendarDate } from './calendar-date';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An inspector of the account (Settings, or added while scheduling). */
export const inspectorSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  company: optionalText(200, 'Company'),
  licenceNumber: optionalText(100, 'Licence number'),
  licenceExpiresOn: z
    .union([z.literal(''), z.null(), calendarDate('Enter the expiry date as a date, e.g. 2027-06-30')])
    .optional()
    .transform((v) => (v ? v : null)),
  email: z
    .union([z.literal(''), z.null(), z.email({ error: 'Enter an e-mail address such as name@example.com' }).trim().max(254, 'E-mail must be at most 254 characters')])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type InspectorInput = z.input<typeof inspectorSchema>;
export type InspectorValues = z.output<typeof inspectorSchema>;

export interface Inspector {
  id: number;
  name: string;
  company: string | null;
  licenceNumber: string | null;
  licenceExpiresOn: string | null;
  email: string | null;
  /** Whether the licence has expired by the account's today. */
  licenceExpired: boolean;
  createdAt: string;
  updatedAt: string;
}
