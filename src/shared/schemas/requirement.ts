import { z } from 'zod';
import { addDays, DUE_SOON_DAYS } from '../compliance';
import { COMPLIANCE_ITEM_STATUSES, COMPLIANCE_RESULTS, INSPECTION_TYPES, NOT_SCHEDULED_REASONS, type NotScheduledReason } from '../enums';
import { calendarDate } from './calendar-date';
import { itemAnswersField } from './safety-item-answers';
import { chosenPropertyIdsField, pagingSchema, searchTerm } from './list';
import { INTERVAL_UNITS, type IntervalUnit } from '../intervals';
import { calendarDayField, countField, namedRef, recordIdField, timestampField } from './response-fields';

/**
 * A requirement: one recurring activity of one safety item of a property, with its interval
 * and the standard it comes from (DECISIONS "Requirements and recurrence").
 */

/** The longest interval each unit allows: twenty years. */
const INTERVAL_MAX: Record<IntervalUnit, number> = { days: 7305, weeks: 1043, months: 240, years: 20 };

const intervalCount = z.coerce
  .number({ error: 'Enter how often, as a whole number' })
  .int('Enter how often, as a whole number')
  .min(1, 'The interval must be at least 1');
const intervalUnit = z.enum(INTERVAL_UNITS, { error: 'Choose days, weeks, months or years' });

const tooLong = (max: number) => `Must be at most ${max} characters`;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

function checkIntervalLimit(v: { intervalCount?: number; intervalUnit?: IntervalUnit }, ctx: z.RefinementCtx) {
  if (v.intervalCount === undefined || v.intervalUnit === undefined) return;
  if (v.intervalCount > INTERVAL_MAX[v.intervalUnit]) {
    ctx.addIssue({ code: 'custom', path: ['intervalCount'], message: 'The interval can be at most 20 years' });
  }
}

/**
 * When a requirement was last done, as a person says it when adding a safety item (issue 35):
 * a day, or null for "Not known" (then it is due at once). Not in the future: the service checks
 * that in the organisation's time zone.
 */
const lastDoneField = calendarDate('Enter the day it was last done, or choose Not known').nullable();

const requirementsLastDone = z
  .array(
    z.object({
      libraryId: z.number({ error: 'Choose an activity of this safety item' }).int('Choose an activity of this safety item').min(1, 'Choose an activity of this safety item'),
      lastDoneOn: lastDoneField,
    }),
    { error: 'List the activities with when each was last done' },
  )
  .max(50, 'At most 50 activities')
  .optional();

function checkListedOnce(v: { requirements?: { libraryId: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  v.requirements?.forEach((r, i) => {
    if (seen.has(r.libraryId)) ctx.addIssue({ code: 'custom', path: ['requirements', i, 'libraryId'], message: 'This activity is listed twice' });
    seen.add(r.libraryId);
  });
}

/**
 * When the requirements of a safety item being added were last done, as the first inspection
 * of a type asks it (POST /api/inspections, `lastDone`): `lastDoneOn` for every requirement not
 * listed (null or omitted: not known), `requirements` for each one's own answer.
 */
export const lastDoneAnswersSchema = z
  .object({ lastDoneOn: lastDoneField.optional(), requirements: requirementsLastDone })
  .superRefine((v, ctx) => {
    if (v.lastDoneOn === undefined && v.requirements === undefined) {
      ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Say when it was last done, or choose Not known' });
    }
    checkListedOnce(v, ctx);
  });
export type LastDoneAnswers = z.input<typeof lastDoneAnswersSchema>;

/**
 * "Add safety item" on the property page: the library's requirements of a type. Either
 * `lastDoneOn` (each requirement is next due one interval after it; null: not known, due now),
 * with `requirements` to give one of them another date, or, as before, `nextDueDate` (when the
 * principal requirement is first due; the others are first due one interval later, within a year).
 */
export const addSafetyItemSchema = z
  .object({
    itemType: z.enum(INSPECTION_TYPES, { error: 'Choose a safety item' }),
    nextDueDate: calendarDate('Due date is required').optional(),
    lastDoneOn: lastDoneField.optional(),
    requirements: requirementsLastDone,
    /** The answers about the item (src/shared/item-conditions.ts), kept before its rows are chosen. */
    answers: itemAnswersField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.nextDueDate !== undefined && v.lastDoneOn !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Give when it was last done or the next due date, not both' });
    } else if (v.nextDueDate === undefined && v.lastDoneOn === undefined) {
      ctx.addIssue({ code: 'custom', path: ['lastDoneOn'], message: 'Say when it was last done, or choose Not known' });
    }
    if (v.requirements && v.lastDoneOn === undefined) {
      ctx.addIssue({ code: 'custom', path: ['requirements'], message: 'Dates for each activity go with lastDoneOn, not with nextDueDate' });
    }
    checkListedOnce(v, ctx);
  });
export type AddSafetyItemInput = z.input<typeof addSafetyItemSchema>;

/** A requirement of a person's own, added to a safety item the property has. */
export const customRequirementSchema = z
  .object({
    itemType: z.enum(INSPECTION_TYPES, { error: 'Choose a safety item' }),
    activity: z.string({ error: 'Activity is required' }).trim().min(1, 'Activity is required').max(120, tooLong(120)),
    intervalCount,
    intervalUnit,
    source: optionalText(200),
    nextDueDate: calendarDate('Due date is required'),
    reason: optionalText(1000),
  })
  .superRefine(checkIntervalLimit);
export type CustomRequirementInput = z.input<typeof customRequirementSchema>;

/**
 * Switching off and changing the interval each need a reason, kept beside the source; the
 * automatic scheduling switch does not.
 */
export const requirementUpdateSchema = z
  .object({
    active: z.boolean({ error: 'Choose on or off' }).optional(),
    autoSchedule: z.boolean({ error: 'Choose on or off' }).optional(),
    intervalCount: intervalCount.optional(),
    intervalUnit: intervalUnit.optional(),
    reason: optionalText(1000),
    countsFromDate: calendarDate('Enter the day it was installed or made')
      .optional()
      .describe('For a requirement counted from installation or manufacture (countsFrom): that day, which its first due date counts from'),
  })
  .superRefine((v, ctx) => {
    if (v.active === undefined && v.autoSchedule === undefined && v.intervalCount === undefined && v.intervalUnit === undefined && v.countsFromDate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'Nothing to change' });
    }
    if ((v.intervalCount === undefined) !== (v.intervalUnit === undefined)) {
      const path = v.intervalCount === undefined ? 'intervalCount' : 'intervalUnit';
      ctx.addIssue({ code: 'custom', path: [path], message: path === 'intervalCount' ? 'Enter how often, as a whole number' : 'Choose days, weeks, months or years' });
    }
    checkIntervalLimit(v, ctx);
    if (v.active === false && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why it does not apply' });
    if (v.intervalCount !== undefined && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the interval differs from the source' });
  });
export type RequirementUpdateInput = z.input<typeof requirementUpdateSchema>;

/** Requirements due with no open inspection ("Due, not scheduled"), or in a calendar range. */
export const unscheduledListQuerySchema = pagingSchema.extend({
  q: searchTerm,
  type: z.enum(INSPECTION_TYPES, { error: 'Unknown inspection type' }).optional(),
  propertyId: z.coerce.number({ error: 'Unknown property' }).int('Unknown property').min(1, 'Unknown property').max(2_147_483_647, 'Unknown property').optional(),
  /** A chosen set (an Insight link to the calendar); ids out of reach match nothing. */
  propertyIds: chosenPropertyIdsField,
  from: calendarDate('Invalid date').optional(),
  to: calendarDate('Invalid date').optional(),
});
export type UnscheduledListQuery = z.input<typeof unscheduledListQuerySchema>;

export const REQUIREMENT_CHANGE_KINDS = ['item_added', 'custom_added', 'switched_off', 'switched_on', 'interval_changed', 'auto_schedule_on', 'auto_schedule_off', 'not_applicable', 'applicable', 'code_set_changed', 'date_stated'] as const;
export type RequirementChangeKind = (typeof REQUIREMENT_CHANGE_KINDS)[number];

const intervalFields = {
  intervalMonths: countField.nullable().describe('Every this many months; null when the interval is in days'),
  intervalDays: countField.nullable().describe('Every this many days; null when the interval is in months'),
};

/** Where the code gives a window (NFPA 25's quarterly 2 to 4 months, annual 9 to 15): src/shared/due-window.ts. */
const windowFields = {
  windowOpensOn: calendarDayField
    .nullable()
    .describe("The day the code's window opens; null when the requirement is due on one day (no window in its source, a changed interval, or no known last date)"),
  nominalDueDate: calendarDayField.nullable().describe('With a window: the last day done plus the interval, the day to aim for; null without one'),
};

export const requirementChangeResponse = z.object({
  id: recordIdField,
  kind: z.enum(REQUIREMENT_CHANGE_KINDS),
  detail: z.string(),
  reason: z.string().nullable(),
  changedBy: z.string(),
  createdAt: timestampField,
});
export type RequirementChange = z.infer<typeof requirementChangeResponse>;

/** What a requirement's first due date counts from: the last time it was done, or the day the equipment was installed or made (decision 041). */
export const COUNTS_FROM = ['last_done', 'installation', 'manufacture'] as const;
export type CountsFrom = (typeof COUNTS_FROM)[number];
const countsFromField = z
  .enum(COUNTS_FROM)
  .describe('What the day asked for it is: when it was last done, or when the equipment was installed or made (a field test at 50 years, a replacement 10 years after manufacture)');

export const libraryRequirementResponse = z.object({
  id: recordIdField,
  itemType: z.enum(INSPECTION_TYPES),
  activity: z.string(),
  source: z.string().describe('The standard it comes from'),
  note: z.string().nullable(),
  principal: z.boolean(),
  sortOrder: z.number().int(),
  appliesWhen: z
    .record(z.string(), z.array(z.string()))
    .nullable()
    .describe('The answers about the safety item it needs, { question: [values] }: it applies when each named question is not answered or answered with one of them; null: always'),
  countsFrom: countsFromField,
  firstAfterMonths: z
    .number()
    .int()
    .nullable()
    .describe('Counted from installation or manufacture: months from that day to the first one (a field test at 50 years: 600); later ones every interval. Null: the interval'),
  ...intervalFields,
});
export type LibraryRequirement = z.infer<typeof libraryRequirementResponse>;

export const requirementResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  itemType: z.enum(INSPECTION_TYPES),
  libraryId: recordIdField.nullable().describe('Null for a requirement of your own'),
  activity: z.string(),
  source: z.string().nullable(),
  note: z.string().nullable(),
  principal: z.boolean(),
  active: z.boolean(),
  applies: z
    .boolean()
    .describe('False when the answers about the safety item say it does not apply here: kept with its history, switched off, never below the code minimum'),
  autoSchedule: z.boolean(),
  lastDoneOn: calendarDayField.nullable().describe('The day of the latest completion with a result'),
  lastResult: z.enum(COMPLIANCE_RESULTS).nullable(),
  lastDoneStatedOn: calendarDayField
    .nullable()
    .describe('When it was last done, as given when the safety item was added, with no result recorded; the schedule counts from it until a result is recorded. Where countsFrom is installation or manufacture, that day'),
  countsFrom: countsFromField,
  lastDoneKnown: z.boolean().describe('False while nobody has said when it was last done ("Last done not known"): it is then due at once, or its date is estimated'),
  nextDueDate: calendarDayField.describe('Due by this day; where the code gives a window, the day it closes (overdue after it)'),
  ...windowFields,
  nextDueEstimated: z.boolean().describe('The next due date was guessed from the day it was added, not counted from a known date'),
  status: z.enum(COMPLIANCE_ITEM_STATUSES).describe("Effective, in the account's time zone: overdue and due soon derived from nextDueDate"),
  dueNotScheduled: z.boolean().describe('Active, due within 30 days or overdue, and no open inspection: "Due, not scheduled"'),
  openInspection: z.object({ id: recordIdField, dueDate: calendarDayField }).nullable(),
  changes: z.array(requirementChangeResponse).describe('Newest first'),
  codeInterval: z
    .object(intervalFields)
    .nullable()
    .describe("The library's interval, what its source asks (the code minimum); null for a requirement of your own"),
  belowCodeMinimum: z
    .boolean()
    .describe("Below the code minimum: a library requirement switched off, or kept at a longer interval than its source asks (a month counts as the calendar's average, 365.2425 / 12 days). A requirement of your own, or a shorter interval, never is"),
  belowCodeMinimumReason: z
    .string()
    .nullable()
    .describe('When below the code minimum, the reason given with the latest switch-off (when off) or interval change; null otherwise'),
  ...intervalFields,
});
export type Requirement = z.infer<typeof requirementResponse>;

/** One entry of GET /api/requirements/unscheduled. */
export const unscheduledRequirementResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  property: namedRef,
  itemType: z.enum(INSPECTION_TYPES),
  activity: z.string(),
  principal: z.boolean(),
  nextDueDate: calendarDayField.describe('Due by this day; where the code gives a window, the day it closes'),
  ...windowFields,
  lastDoneKnown: z.boolean().describe('False while nobody has said when it was last done ("Last done not known")'),
  displayStatus: z.enum(['overdue', 'due_soon', 'upcoming']),
});
export type UnscheduledRequirement = z.infer<typeof unscheduledRequirementResponse>;

export function unscheduledDisplayStatus(nextDueDate: string, today: string): UnscheduledRequirement['displayStatus'] {
  if (nextDueDate < today) return 'overdue';
  if (nextDueDate <= addDays(today, DUE_SOON_DAYS)) return 'due_soon';
  return 'upcoming';
}

/** What a completion with a result did about the next one (PUT /api/inspections/{id}). */
export const nextDueResponse = z.object({
  requirementId: recordIdField,
  activity: z.string(),
  dueDate: calendarDayField,
  inspectionId: recordIdField.nullable().describe('The inspection scheduled for it, or the one already open; null when none is'),
  notScheduledReason: z.enum(Object.keys(NOT_SCHEDULED_REASONS) as [NotScheduledReason, ...NotScheduledReason[]]).nullable(),
});
export type NextDue = z.infer<typeof nextDueResponse>;
