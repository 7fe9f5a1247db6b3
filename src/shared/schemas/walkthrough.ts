import { z } from 'zod';
import { INSPECTION_TYPES } from '../enums';
import { DEFICIENCY_SEVERITIES } from '../records';
import { DEVICE_STATUSES, WALKTHROUGH_RESULTS, WALKTHROUGH_STATUSES } from '../devices';
import { attestationSchema } from './inspection';
import { calendarDate } from './calendar-date';
import { calendarDayField, countField, recordIdField, timestampField } from './response-fields';

/** POST /api/properties/{id}/walkthroughs: start the walk for one activity, or resume its open one. */
export const startWalkthroughSchema = z.object({
  requirementId: recordIdField.or(z.coerce.number().int().min(1)).pipe(recordIdField),
});

/**
 * PUT /api/walkthroughs/{id}/results/{deviceId}: one tap. `clientId` is made by the phone for
 * the tap: sent twice, it is recorded once. A later tap on the same device replaces it.
 */
export const walkthroughTapSchema = z
  .object({
    clientId: z.uuid({ error: 'Each tap needs the id the app made for it' }),
    result: z.enum(WALKTHROUGH_RESULTS, { error: 'Choose pass, fail or not accessible' }),
    /** Not accessible: why (locked room, blocked by stock). */
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').nullish().transform((v) => (v ? v : null)),
    /** Fail: the checklist items that failed (keys of the activity's checklist). */
    failedChecks: z.array(z.string().max(100)).max(30).optional(),
    severity: z.enum(DEFICIENCY_SEVERITIES, { error: 'Choose critical, impairment or non-critical' }).optional(),
    /** Fail: what was found, beyond the checks named; and what to do about it. */
    description: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullish().transform((v) => (v ? v : null)),
    correctiveAction: z.string().trim().max(2000, 'Corrective action must be at most 2000 characters').nullish().transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.result === 'not_accessible' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why it could not be reached' });
    if (v.result === 'fail') {
      if (!v.failedChecks?.length && !v.description) ctx.addIssue({ code: 'custom', path: ['failedChecks'], message: 'Choose the check that failed, or describe what was found' });
      if (!v.severity) ctx.addIssue({ code: 'custom', path: ['severity'], message: 'Choose critical, impairment or non-critical' });
    }
  });
export type WalkthroughTapInput = z.input<typeof walkthroughTapSchema>;

/** POST /api/walkthroughs/{id}/finish: one attestation for the whole walk. */
export const finishWalkthroughSchema = z.object({
  completedDate: calendarDate('Completion date is not a valid date').optional(),
  notes: z.string().trim().max(5000, 'Notes must be at most 5000 characters').nullish().transform((v) => (v ? v : null)),
  inspectorId: recordIdField.nullish(),
  attestation: attestationSchema,
});
export type FinishWalkthroughInput = z.input<typeof finishWalkthroughSchema>;

/** One check of an activity's checklist, as the code lists it. */
export const checklistItemResponse = z.object({ key: z.string(), label: z.string() });

export const walkthroughTapResponse = z.object({
  deviceId: recordIdField,
  clientId: z.string(),
  result: z.enum(WALKTHROUGH_RESULTS),
  reason: z.string().nullable(),
  failedChecks: z.array(z.string()),
  deficiencyId: recordIdField.nullable(),
  recordedAt: timestampField,
  recordedBy: z.string().nullable(),
});
export type WalkthroughTapResponse = z.infer<typeof walkthroughTapResponse>;

export const walkthroughDeviceResponse = z.object({
  deviceId: recordIdField,
  tag: z.string(),
  subtype: z.string().nullable(),
  rating: z.string().nullable(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  room: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  nextDueDate: calendarDayField.nullable(),
  tap: walkthroughTapResponse.nullable(),
});
export type WalkthroughDeviceResponse = z.infer<typeof walkthroughDeviceResponse>;

export const walkthroughResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  propertyName: z.string(),
  requirementId: recordIdField,
  activity: z.string(),
  itemType: z.enum(INSPECTION_TYPES),
  inspectionId: recordIdField,
  status: z.enum(WALKTHROUGH_STATUSES),
  startedAt: timestampField,
  startedBy: z.string().nullable(),
  finishedAt: timestampField.nullable(),
  /** The activity's checklist and where it comes from ("NFPA 10 (2022) 7.2.2"). */
  checklist: z.array(checklistItemResponse),
  checklistSource: z.string().nullable(),
  /** In-service devices with this activity, in walking order (building, floor, walk order). */
  devices: z.array(walkthroughDeviceResponse),
  progress: z.object({ total: countField, done: countField, passed: countField, failed: countField, notAccessible: countField }),
});
export type WalkthroughResponse = z.infer<typeof walkthroughResponse>;

export const walkthroughSummaryResponse = walkthroughResponse.omit({ checklist: true, checklistSource: true, devices: true });

export const finishWalkthroughResponse = z.object({
  walkthrough: walkthroughSummaryResponse,
  inspectionId: recordIdField,
  result: z.enum(['compliant', 'non_compliant']),
  /** Devices in service that were not reached: they stay due. */
  notReached: countField,
  /** The next inspection scheduled by recurrence, if any. */
  nextInspectionId: recordIdField.nullable(),
});
