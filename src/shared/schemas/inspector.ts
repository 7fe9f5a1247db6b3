import { z } from 'zod';
import { calendarDate } from './calendar-date';
import { calendarDayField, recordIdField, timestampField } from './response-fields';

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

export const inspectorResponse = z.object({
  id: recordIdField,
  name: z.string(),
  company: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  licenceExpiresOn: calendarDayField.nullable(),
  email: z.string().nullable(),
  licenceExpired: z.boolean().describe("Whether the licence has expired by the account's today"),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type Inspector = z.infer<typeof inspectorResponse>;
