import { z } from 'zod';
import { COMPLIANCE_RESULTS, INSPECTION_TYPES } from '../enums';
import { readResult } from '../inspection-history-words';
import { calendarDate } from './calendar-date';
import { pagingSchema, searchTerm } from './list';
import { calendarDayField, countField, recordIdField } from './response-fields';

/**
 * Past inspections recorded in bulk (issue 35 §2): the "Record past inspections" grid and the
 * "Import inspection history" CSV send the same rows. Each row becomes a completed, back-dated
 * inspection of one requirement; docs/onboarding-a-portfolio.md describes the columns.
 */

export const HISTORY_MAX_ROWS = 10_000;
/** Nothing before this day is taken: older records do not change any schedule. */
export const HISTORY_EARLIEST_DATE = '1970-01-01';
export const HISTORY_NOTES_MAX = 2000;

const MAX_ID = 2_147_483_647;

/** A cell: text, or a number a spreadsheet tool sent as one (a property id); empty means none. */
const cell = (max: number, what: string) =>
  z
    .union([z.string(), z.number()], { error: `${what} must be text` })
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, `${what} must be at most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : undefined));

/** A record id: a number, or digits as a CSV or query sends them; never a boolean or other text. */
const idField = (message: string) =>
  z
    .union([z.number({ error: message }), z.string().trim().regex(/^\d{1,10}$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, message))
    .nullish()
    .transform((v) => v ?? undefined);

export const RESULT_MESSAGE = 'Result must be compliant or non-compliant (pass or fail)';

/** One past inspection: by requirement (the grid) or by property and item type (the CSV). */
export const historyRowSchema = z
  .object({
    requirementId: idField('Unknown requirement'),
    /**
     * The grid's correction: this inspection (recorded from history, of the same requirement)
     * is deleted as the row is added.
     */
    replacesInspectionId: idField('This inspection cannot be replaced'),
    /** The property's id, its name, or "name, address". */
    property: cell(500, 'Property'),
    /** "Extinguishers", "Fire alarm", "sprinkler_system": matched on the server. */
    itemType: cell(100, 'Item type'),
    /** "annual maintenance", "monthly": none means the type's principal requirement. */
    activity: cell(200, 'Activity'),
    performedOn: calendarDate('Enter the day it was done as YYYY-MM-DD').refine(
      (v) => v >= HISTORY_EARLIEST_DATE,
      'The day it was done cannot be before 1970',
    ),
    result: z
      .string({ error: RESULT_MESSAGE })
      .transform((v) => readResult(v))
      .refine((v) => v !== null, RESULT_MESSAGE)
      .transform((v) => v!),
    /** The inspector's name as free text; kept as the inspection's assignee. */
    inspector: cell(200, 'Inspector'),
    notes: cell(HISTORY_NOTES_MAX, 'Notes'),
  })
  .superRefine((row, ctx) => {
    if (row.requirementId !== undefined) return;
    if (!row.property) ctx.addIssue({ code: 'custom', path: ['property'], message: 'Property is required' });
    if (!row.itemType) ctx.addIssue({ code: 'custom', path: ['itemType'], message: 'Item type is required' });
  });
export type HistoryRowInput = z.input<typeof historyRowSchema>;
export type HistoryRow = z.output<typeof historyRowSchema>;

const historyRows = z
  .array(historyRowSchema, { error: 'Send the rows as a list' })
  .min(1, 'Send at least one row')
  .max(HISTORY_MAX_ROWS, `At most ${HISTORY_MAX_ROWS.toLocaleString('en-US')} rows can be recorded at once`);

export const historyPreviewSchema = z.object({ rows: historyRows });
export type HistoryPreviewInput = z.input<typeof historyPreviewSchema>;

/** No file name is taken: nothing would keep it, and importing a file again skips what it already recorded. */
export const historyImportSchema = z.object({ rows: historyRows });
export type HistoryImportInput = z.input<typeof historyImportSchema>;

/** duplicate: already recorded (or earlier in the same rows); skipped by the import, never blocking it. */
export const HISTORY_ROW_STATUSES = ['matched', 'unmatched', 'duplicate'] as const;

/** What one row matched and what it will change. */
export const historyPreviewRowResponse = z.object({
  line: z.number().int().min(1).describe('1-based index in rows (add 1 for a CSV header)'),
  status: z.enum(HISTORY_ROW_STATUSES),
  problem: z.string().nullable().describe('Why an unmatched row matches nothing, or what a duplicate repeats'),
  inspector: z.string().nullable().describe('The name the inspection is recorded under'),
  note: z.string().nullable().describe('A remark on a row that is still imported (an inspector records as themselves)'),
  propertyId: recordIdField.nullable(),
  propertyName: z.string().nullable(),
  itemType: z.enum(INSPECTION_TYPES).nullable(),
  requirementId: recordIdField.nullable(),
  activity: z.string().nullable(),
  activityStated: z.boolean().describe('False when no activity was given: the principal requirement is taken'),
  performedOn: calendarDayField,
  result: z.enum(COMPLIANCE_RESULTS),
  lastDoneBefore: calendarDayField.nullable(),
  nextDueBefore: calendarDayField.nullable(),
  nextDueAfter: calendarDayField.nullable().describe('After the whole import: the latest day performed wins'),
});
export type HistoryPreviewRow = z.infer<typeof historyPreviewRowResponse>;

export const historyPreviewResponse = z.object({
  rows: z.array(historyPreviewRowResponse),
  matchedCount: countField,
  unmatchedCount: countField,
  duplicateCount: countField,
});
export type HistoryPreview = z.infer<typeof historyPreviewResponse>;

/** A requirement as the import left it. */
export const historyRequirementResponse = z.object({
  requirementId: recordIdField,
  propertyId: recordIdField,
  lastDoneOn: calendarDayField.nullable(),
  lastResult: z.enum(COMPLIANCE_RESULTS).nullable(),
  nextDueDate: calendarDayField,
  lastDoneKnown: z.boolean(),
});
export type HistoryRequirement = z.infer<typeof historyRequirementResponse>;

/** What became of one row: the inspection it created, or for a skipped row the one it repeats. */
export const historyImportRowResponse = z.object({
  line: z.number().int().min(1),
  requirementId: recordIdField,
  inspectionId: recordIdField,
  skipped: z.boolean(),
});
export type HistoryImportRow = z.infer<typeof historyImportRowResponse>;

export const historyImportResponse = z.object({
  imported: countField,
  skipped: countField.describe('Rows already recorded, left out'),
  requirements: z.array(historyRequirementResponse),
  rows: z.array(historyImportRowResponse),
});
export type HistoryImportResult = z.infer<typeof historyImportResponse>;

/** The 422 of an import with rows that match nothing: nothing was imported. */
export const historyUnmatchedResponse = z.object({
  error: z.string().describe('"N rows match nothing; nothing was imported."'),
  message: z.string().describe('The same sentence, where every other error has it'),
  rows: z.array(historyPreviewRowResponse),
});
export type HistoryUnmatched = z.infer<typeof historyUnmatchedResponse>;

export const LAST_DONE_DEFAULT_LIMIT = 200;

/** GET /api/requirements/last-done: the grid's rows. */
export const lastDoneListQuerySchema = pagingSchema.extend({
  limit: pagingSchema.shape.limit.unwrap().default(LAST_DONE_DEFAULT_LIMIT),
  q: searchTerm,
  type: z.enum(INSPECTION_TYPES, { error: 'Unknown inspection type' }).optional(),
  propertyId: z.coerce.number({ error: 'Unknown property' }).int('Unknown property').min(1, 'Unknown property').max(MAX_ID, 'Unknown property').optional(),
});
export type LastDoneListQuery = z.input<typeof lastDoneListQuerySchema>;

export const lastDoneEntryResponse = z.object({
  requirementId: recordIdField,
  propertyId: recordIdField,
  propertyName: z.string(),
  propertyAddress: z.string(),
  itemType: z.enum(INSPECTION_TYPES),
  activity: z.string(),
  principal: z.boolean(),
  lastDoneOn: calendarDayField.nullable(),
  lastResult: z.enum(COMPLIANCE_RESULTS).nullable(),
  lastDoneKnown: z.boolean(),
  /** A day given as "Last done" when the safety item was added, with no result recorded yet (decision 034). */
  lastDoneStatedOn: calendarDayField.nullable(),
  nextDueDate: calendarDayField,
  /** The next due date was guessed from the day the item was added, not counted from a known day (decision 034). */
  nextDueEstimated: z.boolean(),
});
export type LastDoneEntry = z.infer<typeof lastDoneEntryResponse>;
