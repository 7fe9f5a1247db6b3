import { z } from 'zod';
import { SUPPORT_PRIORITIES, SUPPORT_REQUEST_STATUSES, SUPPORT_REQUEST_TYPES } from '../enums';
import { pagingSchema } from './list';
import { recordIdField, timestampField } from './response-fields';

export type SupportRequestType = (typeof SUPPORT_REQUEST_TYPES)[number];
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

/** POST /api/support/submit (SPEC 5, "Support form"); the form and the server share it. */
export const supportRequestSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
  type: z.enum(SUPPORT_REQUEST_TYPES, { error: 'Choose what the request is about' }).default('general'),
  priority: z.enum(SUPPORT_PRIORITIES, { error: 'Priority must be one of low, medium, high, urgent' }).default('medium'),
  userEmail: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  userFullName: z
    .string()
    .trim()
    .max(200, 'Name must be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : null)),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequestValues = z.output<typeof supportRequestSchema>;

export const supportListQuerySchema = pagingSchema;

/** One request as GET /api/support/requests lists it. */
export const supportRequestResponse = z.object({
  id: recordIdField,
  subject: z.string(),
  message: z.string(),
  type: z.enum(SUPPORT_REQUEST_TYPES),
  status: z.enum(SUPPORT_REQUEST_STATUSES),
  priority: z.enum(SUPPORT_PRIORITIES),
  userEmail: z.string(),
  userFullName: z.string().nullable(),
  emailSent: z.boolean(),
  responseMessage: z.string().nullable(),
  resolvedAt: timestampField.nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type SupportRequest = z.infer<typeof supportRequestResponse>;

/** GET /api/support/contact: the operator's support address. */
export const supportContactResponse = z.object({ email: z.string() });

/** POST /api/support/test-email: where the test went. */
export const testEmailResponse = z.object({ success: z.literal(true), to: z.string() });

export const SUPPORT_TYPE_LABELS: Record<SupportRequestType, string> = {
  general: 'General question',
  technical: 'Technical problem',
  billing: 'Billing',
  feature_request: 'Feature request',
  bug_report: 'Bug report',
};
