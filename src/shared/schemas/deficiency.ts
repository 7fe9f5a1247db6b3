import { z } from 'zod';
import { INSPECTION_STATUSES, INSPECTION_TYPES } from '../enums';
import { DEFICIENCY_SEVERITIES } from '../records';
import { calendarDate } from './calendar-date';
import { chosenPropertyIdsField } from './list';
import { DEFICIENCY_AGE_BANDS } from './insight';
import { calendarDayField, countField, namedRef, recordIdField, timestampField } from './response-fields';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** One deficiency found by a non-compliant result. */
export const deficiencyInputSchema = z.object({
  description: z
    .string({ error: 'Describe the deficiency' })
    .trim()
    .min(1, 'Describe the deficiency')
    .max(2000, 'Description must be at most 2000 characters'),
  severity: z.enum(DEFICIENCY_SEVERITIES, { error: 'Choose critical, impairment or non-critical' }),
  location: optionalText(200, 'Location'),
  correctiveAction: optionalText(2000, 'Corrective action'),
  dueBy: z
    .union([z.literal(''), z.null(), calendarDate('Enter the due date as a date')])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type DeficiencyInput = z.input<typeof deficiencyInputSchema>;
export type DeficiencyValues = z.output<typeof deficiencyInputSchema>;

/**
 * POST /api/inspections/{id}/deficiencies (one found after the completion was sent, or on a
 * device without signal) and PUT /api/deficiencies/{id} (its text, severity, place and date):
 * the same fields as a completion's deficiency.
 */
export const deficiencyEditSchema = deficiencyInputSchema;

/** POST /api/deficiencies/{id}/correct */
export const correctDeficiencySchema = z.object({
  correctedOn: calendarDate('Enter the day it was corrected'),
  correctedBy: z
    .string({ error: 'Enter who corrected it' })
    .trim()
    .min(1, 'Enter who corrected it')
    .max(200, 'Name must be at most 200 characters'),
  note: optionalText(2000, 'Note'),
});
export type CorrectDeficiencyInput = z.input<typeof correctDeficiencySchema>;

export const deficiencyListQuerySchema = z.object({
  status: z.enum(['open', 'corrected', 'all'], { error: 'Unknown status' }).default('all'),
  severity: z.enum(DEFICIENCY_SEVERITIES, { error: 'Unknown severity' }).optional(),
});

/**
 * GET /api/deficiencies: every property's deficiencies the member reaches, in the Insight
 * figure's age bands (docs/insight.md "Open deficiencies by age"). A page of at most 100.
 */
export const deficiencyPortfolioQuerySchema = z.object({
  status: z.enum(['open', 'corrected', 'all'], { error: 'Status must be open, corrected or all' }).default('open'),
  severity: z.enum(DEFICIENCY_SEVERITIES, { error: 'Severity must be critical, impairment or non_critical' }).optional(),
  // A hand-typed `age=90+` reaches the server as "90 " (a plus in a query is a space).
  age: z.preprocess((v) => (v === '90 ' ? '90+' : v), z.enum(DEFICIENCY_AGE_BANDS, { error: 'Age must be 0-30, 31-90 or 90+' }).optional()),
  propertyId: z.coerce.number({ error: 'Unknown property' }).int('Unknown property').min(1, 'Unknown property').max(2_147_483_647, 'Unknown property').optional(),
  /** A chosen set (an Insight figure's link); ids out of reach match nothing. */
  propertyIds: chosenPropertyIdsField,
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20),
  offset: z.coerce.number({ error: 'Offset must be a number' }).int('Offset must be a whole number').min(0, 'Offset cannot be negative').default(0),
});
export type DeficiencyPortfolioQuery = z.input<typeof deficiencyPortfolioQuerySchema>;
export type DeficiencyPortfolioFilter = z.output<typeof deficiencyPortfolioQuerySchema>;

export const deficiencyPhotoResponse = z.object({
  id: recordIdField,
  contentType: z.string(),
  byteSize: countField,
  url: z.string().describe("Where the owner's browser fetches it"),
  createdAt: timestampField,
  quarantined: z
    .boolean()
    .describe('True when the stored photo could not be decoded when it was checked: it is kept, but not served (its url answers 404) and left out of reports'),
});
export type DeficiencyPhoto = z.infer<typeof deficiencyPhotoResponse>;

export const deficiencyResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  property: namedRef,
  inspectionId: recordIdField,
  itemType: z.enum(INSPECTION_TYPES),
  description: z.string(),
  severity: z.enum(DEFICIENCY_SEVERITIES),
  location: z.string().nullable(),
  correctiveAction: z.string().nullable(),
  dueBy: calendarDayField.nullable(),
  correctedOn: calendarDayField.nullable(),
  correctedBy: z.string().nullable(),
  correctionNote: z.string().nullable(),
  foundOn: calendarDayField.nullable().describe('The day the inspection that opened it was performed'),
  photos: z.array(deficiencyPhotoResponse),
  createdAt: timestampField,
  updatedAt: timestampField.describe('When it last changed: sent back as If-Match by an edit made from this copy'),
  inspectionRetest: z
    .object({ id: recordIdField, dueDate: calendarDayField, status: z.enum(INSPECTION_STATUSES) })
    .nullable()
    .describe('The re-test of the inspection that found it, scheduled when its last deficiency was corrected (fire alarm, smoke detectors, sprinkler system): the item stays non-compliant until it passes'),
});
export type Deficiency = z.infer<typeof deficiencyResponse>;

/** A row of GET /api/deficiencies: the deficiency as its property lists it, with its property and age. */
export const portfolioDeficiencyResponse = deficiencyResponse.extend({
  propertyName: z.string(),
  ageDays: countField.describe('Days from the day it was found to today (open) or to the day it was corrected, in the organisation\'s time zone'),
});
export type PortfolioDeficiency = z.infer<typeof portfolioDeficiencyResponse>;

/** GET /api/deficiencies/open-summary: the dashboard's and the bell's counts. */
export const deficiencySummaryResponse = z.object({
  openCount: countField,
  criticalCount: countField,
  critical: z.array(deficiencyResponse).describe('The latest critical ones, at most 20'),
});
export type DeficiencySummary = z.infer<typeof deficiencySummaryResponse>;

/** The re-test a correction scheduled (src/shared/retest-after-correction.ts). */
export const scheduledRetestResponse = z.object({
  inspectionId: recordIdField.describe('The re-test inspection'),
  retestOfId: recordIdField.describe('The failed inspection it re-tests'),
  dueDate: calendarDayField,
  source: z.string().describe('What asks for it: standard, edition and section or chapter'),
  message: z.string().describe('"Re-test scheduled for Mar 3, 2027: NFPA 72 asks that repaired fire alarm components be tested again"'),
});
export type ScheduledRetest = z.infer<typeof scheduledRetestResponse>;

/** POST /api/deficiencies/{id}/correct answers the deficiency and the re-test it scheduled, if any. */
export const correctDeficiencyResponse = deficiencyResponse.extend({
  retest: scheduledRetestResponse
    .nullable()
    .describe('Set when this correction closed the last open deficiency of a failed inspection of an item the code asks to test again after a repair (fire alarm, smoke detectors, sprinkler system): the item stays non-compliant until this re-test passes'),
});
export type CorrectDeficiencyResult = z.infer<typeof correctDeficiencyResponse>;
