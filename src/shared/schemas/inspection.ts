import { z } from 'zod';
import { CODE_SETS } from '../code-sets';
import { COMPLIANCE_RESULTS, INSPECTION_STATUSES, INSPECTION_TYPES } from '../enums';
import { ATTESTATION_ROLES } from '../records';
import { ACTIVITY_BASES } from '../activity-basis';
import { INSPECTION_DISPLAY_STATUSES } from '../compliance';
import { lastDoneAnswersSchema, nextDueResponse } from './requirement';
import { calendarDayField, countField, namedRef, recordIdField, timestampField } from './response-fields';
import { chosenPropertyIdsField, pagingSchema, searchTerm } from './list';
import { calendarDate, isCalendarDate } from './calendar-date';
import { deficiencyInputSchema } from './deficiency';
import type { Deficiency } from './deficiency';

export { calendarDate, isCalendarDate } from './calendar-date';

const MAX_ID = 2_147_483_647;

const isIsoDateTime = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;

/** An optional record id; a form's empty choice ('' or null) means none. */
const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.null(), z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message)])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));

const notes = z
  .string()
  .trim()
  .max(5000, 'Notes must be at most 5000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** SPEC 5, "Inspection form". */
export const inspectionSchema = z.object({
  propertyId: z.coerce
    .number({ error: 'Property is required' })
    .int('Property is required')
    .min(1, 'Property is required')
    .max(MAX_ID, 'Property is required'),
  inspectionType: z.enum(INSPECTION_TYPES, { error: 'Inspection type is required' }),
  dueDate: calendarDate('Due date is required'),
  assignedTo: z.string({ error: 'Assignee is required' }).trim().min(1, 'Assignee is required').max(200, 'Assignee must be at most 200 characters'),
  notes,
  /**
   * The requirement (activity) it is done for: one the property has, or a library entry of a
   * safety item it does not have yet. Neither means the type's principal requirement.
   */
  requirementId: optionalId('Choose an activity of this inspection type'),
  libraryId: optionalId('Choose an activity of this inspection type'),
  /** One of the account's inspectors; assignedTo stays the display name. */
  inspectorId: optionalId('Choose one of your inspectors'),
  /** Issue 35: the first inspection of a type adds the safety item, asking when the rest was last done. */
  lastDone: lastDoneAnswersSchema
    .optional()
    .describe(
      "Used only when this inspection adds its type to the property (its first of that type): when each of the type's other requirements was last done, as for POST /api/properties/{id}/safety-items. `lastDoneOn` is for every one not listed in `requirements` (null or omitted: not known, due now); a day makes it next due one interval later; a day after today in the organisation's zone is refused. The requirement this inspection is for (the principal one unless `libraryId` names another) is due on `dueDate` and is not asked. When the property already has the type, `lastDone` is ignored. Without it, the other requirements get estimated first dates, as before.",
    ),
});
export type InspectionInput = z.input<typeof inspectionSchema>;
export type InspectionValues = z.output<typeof inspectionSchema>;

/**
 * The signer's statement, accepted, with the name they typed: `performer` ("I performed this
 * inspection", the default) or `recorder` ("I am recording the result of an inspection
 * performed by <the inspector>").
 */
export const attestationSchema = z.object({
  accepted: z.literal(true, { error: 'Tick the statement to attest the inspection' }),
  role: z.enum(ATTESTATION_ROLES, { error: 'Choose whether you performed the inspection or are recording it' }).default('performer'),
  typedName: z
    .string({ error: 'Type your full name to attest' })
    .trim()
    .min(1, 'Type your full name to attest')
    .max(200, 'Name must be at most 200 characters'),
});

/** Complete: the result travels with the completion (DECISIONS); none for Quick Complete. */
export const completeInspectionSchema = z
  .object({
    status: z.literal('completed'),
    /** A calendar date, or an ISO datetime with its offset. */
    completedDate: z
      .string()
      .trim()
      .refine((v) => isCalendarDate(v) || (isIsoDateTime(v) && isCalendarDate(new Date(v).toISOString().slice(0, 10))), 'Completion date is not a valid date')
      .optional(),
    /** The findings; the notes typed when it was scheduled (instructions) stay as they were. */
    notes,
    complianceStatus: z.enum(COMPLIANCE_RESULTS, { error: 'Choose compliant or non-compliant' }).optional(),
    /** Who performed it: one of the account's inspectors. */
    inspectorId: optionalId('Choose one of your inspectors'),
    /** The activity it was for, when the form asks (its type has several and none was stated). */
    requirementId: optionalId('Choose an activity of this inspection type'),
    attestation: attestationSchema.optional(),
    /** What a non-compliant result found; each stays open until corrected. */
    deficiencies: z.array(deficiencyInputSchema, { error: 'Deficiencies must be a list' }).max(50, 'Record at most 50 deficiencies at once').optional(),
  })
  .refine((v) => v.complianceStatus !== 'non_compliant' || Boolean(v.notes), {
    message: 'Required for non-compliance',
    path: ['notes'],
  })
  .refine((v) => !v.deficiencies?.length || v.complianceStatus === 'non_compliant', {
    message: 'Deficiencies go with a non-compliant result',
    path: ['deficiencies'],
  });
export type CompleteInspectionInput = z.input<typeof completeInspectionSchema>;

/**
 * The Complete Inspection dialog's own form. "Performed on" becomes completedDate; the dialog
 * also keeps it from being after today in the account's zone, which only it knows.
 */
export const completeDialogSchema = z
  .object({
    complianceStatus: z.enum(COMPLIANCE_RESULTS, { error: 'Choose a compliance status' }),
    notes: z.string().max(5000, 'Notes must be at most 5000 characters'),
    performedOn: calendarDate('Enter the day it was performed'),
    inspectorId: z.string(),
    /** The statement chosen to sign, or '' to leave the record unsigned. */
    attestRole: z.union([z.enum(ATTESTATION_ROLES), z.literal('')]),
    attestName: z.string().max(200, 'Name must be at most 200 characters'),
    /** Checked only for a non-compliant result; a compliant one leaves the entries aside. */
    deficiencies: z.array(
      z.object({ description: z.string(), severity: z.string(), location: z.string(), correctiveAction: z.string(), dueBy: z.string() }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.complianceStatus !== 'non_compliant') return;
    v.deficiencies.forEach((entry, index) => {
      const checked = deficiencyInputSchema.safeParse(entry);
      if (checked.success) return;
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['deficiencies', index, ...issue.path] });
    });
  })
  .refine((v) => v.complianceStatus !== 'non_compliant' || v.notes.trim().length > 0, {
    message: 'Required for non-compliance',
    path: ['notes'],
  })
  .refine((v) => v.attestRole === '' || v.attestName.trim().length > 0, {
    message: 'Type your full name to attest',
    path: ['attestName'],
  })
  .refine((v) => v.attestRole !== '' || v.attestName.trim().length === 0, {
    message: 'Choose the statement you sign',
    path: ['attestRole'],
  });

export const rescheduleSchema = z.object({
  dueDate: calendarDate('New date is required'),
  rescheduleReason: z
    .string()
    .trim()
    .max(1000, 'Reason must be at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RescheduleInput = z.input<typeof rescheduleSchema>;

/** Edit: any subset of the form's fields, plus moving an open inspection between open states. */
export const inspectionEditSchema = inspectionSchema
  .omit({ propertyId: true, lastDone: true })
  .partial()
  .extend({
    status: z.enum(['scheduled', 'in_progress', 'cancelled'], { error: 'Unknown status' }).optional(),
    /** Records or corrects the result of a completed inspection ("Record result"). */
    complianceResult: z.enum(COMPLIANCE_RESULTS, { error: 'Choose compliant or non-compliant' }).optional(),
    /** The findings of a completed inspection; `notes` are its instructions. */
    completionNotes: notes.optional(),
  });
export type InspectionEdit = z.input<typeof inspectionEditSchema>;
export type InspectionEditValues = z.output<typeof inspectionEditSchema>;

/** The three bodies of `PUT /api/inspections/{id}` (SPEC 7), told apart by their fields as SPEC gives them. */
export type InspectionUpdateKind = 'complete' | 'reschedule' | 'edit';

/**
 * SPEC's bodies carry no tag: `status: "completed"` is a completion; a `rescheduleReason`, or a
 * `dueDate` alone, a reschedule; anything else an edit.
 */
export function inspectionUpdateKind(body: unknown): InspectionUpdateKind {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (b.status === 'completed') return 'complete';
  const keys = Object.keys(b);
  if ('rescheduleReason' in b || (keys.length > 0 && keys.every((k) => k === 'dueDate'))) return 'reschedule';
  return 'edit';
}

export type InspectionUpdate =
  | { kind: 'complete'; values: z.output<typeof completeInspectionSchema> }
  | { kind: 'reschedule'; values: z.output<typeof rescheduleSchema> }
  | { kind: 'edit'; values: InspectionEditValues };

/**
 * The one schema of `PUT /api/inspections/{id}`: it tells the body's kind, then validates it with
 * that kind's schema, so its field messages are those of the form the body came from.
 */
export const inspectionUpdateSchema = z.unknown().transform((body, ctx): InspectionUpdate => {
  const kind = inspectionUpdateKind(body);
  const schema = kind === 'complete' ? completeInspectionSchema : kind === 'reschedule' ? rescheduleSchema : inspectionEditSchema;
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return { kind, values: result.data } as InspectionUpdate;
});

/** A display status, or 'open': scheduled or in progress, whenever due (what /inspections opens on). */
export const INSPECTION_FILTER_STATUSES = ['open', 'scheduled', 'in_progress', 'completed', 'cancelled', 'overdue', 'due_soon'] as const;
export const INSPECTION_SORTS = ['due_asc', 'due_desc', 'created_desc', 'property'] as const;

export const inspectionListQuerySchema = pagingSchema.extend({
  q: searchTerm,
  type: z.enum(INSPECTION_TYPES, { error: 'Unknown inspection type' }).optional(),
  status: z.enum(INSPECTION_FILTER_STATUSES, { error: 'Unknown status' }).optional(),
  propertyId: z.coerce.number({ error: 'Unknown property' }).int('Unknown property').min(1, 'Unknown property').max(MAX_ID, 'Unknown property').optional(),
  /** A chosen set (an Insight figure's link); ids out of reach match nothing. */
  propertyIds: chosenPropertyIdsField,
  from: calendarDate('Invalid date').optional(),
  to: calendarDate('Invalid date').optional(),
  sort: z.enum(INSPECTION_SORTS, { error: 'Unknown sort' }).default('due_asc'),
});
export type InspectionListQuery = z.input<typeof inspectionListQuerySchema>;

export const inspectionInspectorResponse = z.object({
  id: recordIdField.nullable().describe("The account's inspector record; null when only a name was given"),
  name: z.string(),
  company: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  licenceExpiresOn: calendarDayField.nullable(),
  licenceExpired: z.boolean().describe('Expired by the day it was performed (completed) or by today (open)'),
});
export type InspectionInspector = z.infer<typeof inspectionInspectorResponse>;

export const inspectionResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  property: namedRef,
  inspectionType: z.enum(INSPECTION_TYPES),
  dueDate: calendarDayField,
  completedDate: calendarDayField.nullable(),
  status: z.enum(INSPECTION_STATUSES),
  displayStatus: z.enum(INSPECTION_DISPLAY_STATUSES).describe("The status with overdue and due soon derived from dueDate in the account's time zone"),
  complianceResult: z.enum(COMPLIANCE_RESULTS).nullable(),
  notes: z.string().nullable().describe('Instructions: the notes typed when it was scheduled (or edited); completing it never changes them'),
  completionNotes: z.string().nullable().describe('Findings: the notes typed when it was completed (or its result recorded)'),
  assignedTo: z.string(),
  rescheduleReason: z.string().nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
  requirement: z.object({ id: recordIdField, activity: z.string(), principal: z.boolean() }).nullable().describe('The requirement it is done for'),
  activityBasis: z
    .enum(ACTIVITY_BASES)
    .describe(
      'How its activity (requirement) was known: stated (named, or its type has one activity), not_stated (scheduled or recorded without one while its type has several: it counts for the principal requirement, shown "Activity not stated"), assumed (recorded before requirements existed and counted for the principal one, shown "Activity assumed"). Naming the activity makes it stated.',
    ),
  inspector: inspectionInspectorResponse.nullable().describe('Who performs it; once completed, the licence as recorded at completion'),
  attestation: z
    .object({
      role: z.enum(ATTESTATION_ROLES).describe('performer: the signer performed it; recorder: the signer recorded the result of an inspection performedBy performed'),
      statement: z.string().describe('The statement accepted, as it was worded'),
      typedName: z.string().describe('The name the signer typed'),
      performedBy: z.string().describe('Who performed it: the signer (performer) or the inspector the statement names (recorder)'),
      attestedAt: timestampField,
    })
    .nullable(),
  deficiencyCount: countField.describe('Deficiencies it opened'),
  openDeficiencyCount: countField.describe('Of those, the ones not corrected yet'),
  retestOf: z
    .object({
      id: recordIdField,
      performedOn: calendarDayField.nullable(),
      codeSet: z.enum(CODE_SETS).describe("The property's code set, whose source the re-test cites (a Canadian fire alarm's is CAN/ULC-S536)"),
    })
    .nullable()
    .describe('Set on a re-test: the failed inspection it re-tests (scheduled when its last deficiency was corrected on an item the code asks to test again after a repair)'),
  retest: z
    .object({ id: recordIdField, dueDate: calendarDayField, status: z.enum(INSPECTION_STATUSES) })
    .nullable()
    .describe('Set on a failed inspection whose correction scheduled a re-test: the item stays non-compliant until it passes'),
});
export type Inspection = z.infer<typeof inspectionResponse>;

/** GET /api/inspections/{id}/deficiencies */
export type InspectionDeficiencies = Deficiency[];

/** PUT /api/inspections/{id} with a result answers the inspection and what comes next. */
export const inspectionUpdateResultResponse = inspectionResponse.extend({
  nextDue: nextDueResponse.nullish().describe('After a completion: the next inspection of its requirement'),
  addedAsInspectionId: recordIdField
    .optional()
    .describe(
      'Set when a completion sent with an Idempotency-Key found its inspection completed meanwhile by someone else: its result was kept as this other completed inspection of the same property and activity on the day it was performed (results are only ever added, docs/offline.md), and the answer describes it',
    ),
});
export type InspectionUpdateResult = z.infer<typeof inspectionUpdateResultResponse>;

/** GET /api/inspections/{id}/reminder-logs: the reminders sent for it. */
export const REMINDER_DELIVERIES = ['sent', 'waiting', 'logged', 'failed', 'not_sent'] as const;

export const reminderLogResponse = z.object({
  id: recordIdField,
  reminderType: z.string().describe('thirty_day, seven_day, due_date or overdue'),
  dueDate: calendarDayField.describe('The due date the reminder was about'),
  emailSent: z.boolean(),
  sentAt: timestampField.nullable(),
  reminderCount: countField,
  nextScheduledAt: timestampField.nullable().describe('When an overdue reminder repeats next'),
  createdAt: timestampField,
  delivery: z
    .enum(REMINDER_DELIVERIES)
    .describe(
      'What became of its latest e-mail: sent (taken by the mail server), waiting (in the outbox), logged (no mail server is set up: written to the server log), failed (given up after retries), not_sent (the address asked for no more mail)',
    ),
  to: z.string().nullable().describe('Where its latest e-mail went'),
  subject: z.string().nullable().describe('The subject of its latest e-mail'),
  queuedAt: timestampField.nullable().describe('When its latest e-mail was written'),
});
export type ReminderLog = z.infer<typeof reminderLogResponse>;
