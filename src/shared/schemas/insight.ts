import { z } from 'zod';
import { INSPECTION_TYPES } from '../enums';
import { DEFICIENCY_SEVERITIES } from '../records';
import { calendarDayField, countField, recordIdField } from './response-fields';
import { chosenPropertyIdsField } from './list';

/**
 * The Insight page's figures (docs/insight.md). Each is its own call, so each is cached and
 * measured on its own, and each answers the same rows as JSON or, with `format=csv`, as CSV.
 * `propertyIds` narrows to a chosen set; the member's own reach (account.propertyIds) always
 * applies first, so a property out of reach is simply not counted.
 */
export const insightQuerySchema = z.object({
  propertyIds: chosenPropertyIdsField,
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
});
export type InsightQuery = z.infer<typeof insightQuerySchema>;

/** GET /api/insight/compliance-trend: one row per week (Monday, in the organisation's zone), oldest first, 53 rows. */
export const complianceWeekSchema = z.object({
  weekStart: calendarDayField,
  compliant: countField,
  pending: countField,
  nonCompliant: countField,
  /** Properties counted that week (registered by then and not deleted). */
  total: countField,
  /** False for weeks before the daily record began whose counts could not be derived (docs/insight.md). */
  known: z.boolean(),
});
export const complianceTrendResponse = z.object({ weeks: z.array(complianceWeekSchema) });

/** GET /api/insight/on-time: one row per calendar month, the last 12 including this one, oldest first. */
export const onTimeMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  completed: countField,
  onTime: countField,
  /** onTime / completed, 0..1; null when nothing was completed that month. */
  rate: z.number().min(0).max(1).nullable(),
  /** Median days late of those completed after their due date; null when none was late. */
  medianDaysLate: z.number().nullable(),
});
export const onTimeResponse = z.object({ months: z.array(onTimeMonthSchema) });

export const DEFICIENCY_AGE_BANDS = ['0-30', '31-90', '90+'] as const;
/** GET /api/insight/deficiency-age: open deficiencies by severity and age band, and the 10 oldest. */
export const deficiencyAgeResponse = z.object({
  bands: z.array(
    z.object({
      severity: z.enum(DEFICIENCY_SEVERITIES),
      band: z.enum(DEFICIENCY_AGE_BANDS),
      count: countField,
    }),
  ),
  oldest: z.array(
    z.object({
      id: recordIdField,
      propertyId: recordIdField,
      propertyName: z.string(),
      severity: z.enum(DEFICIENCY_SEVERITIES),
      description: z.string(),
      foundOn: calendarDayField,
      ageDays: countField,
    }),
  ),
});

/** GET /api/insight/workload: what falls due per week (Monday) for the next 12 weeks, by safety item type. */
export const workloadResponse = z.object({
  weeks: z.array(
    z.object({
      weekStart: calendarDayField,
      /** Count per inspection type; types with nothing due are left out. */
      byType: z.partialRecord(z.enum(INSPECTION_TYPES), countField),
      total: countField,
    }),
  ),
});

export const ATTENTION_REASONS = ['overdue', 'critical_deficiency', 'never_inspected', 'days_since_inspection'] as const;
/** GET /api/insight/attention: the properties to look at first, ranked by the rule of docs/insight.md, at most 20. */
export const attentionResponse = z.object({
  properties: z.array(
    z.object({
      propertyId: recordIdField,
      name: z.string(),
      score: z.number(),
      overdueItems: countField,
      criticalDeficiencies: countField,
      neverInspectedItems: countField,
      /** Days since the property's last completed inspection; null when never inspected. */
      daysSinceInspection: countField.nullable(),
      /** Plain sentences, most weighty first: "2 items overdue", "1 critical deficiency open". */
      reasons: z.array(z.string()),
    }),
  ),
});

export type ComplianceTrendResponse = z.infer<typeof complianceTrendResponse>;
export type OnTimeResponse = z.infer<typeof onTimeResponse>;
export type DeficiencyAgeResponse = z.infer<typeof deficiencyAgeResponse>;
export type WorkloadResponse = z.infer<typeof workloadResponse>;
export type AttentionResponse = z.infer<typeof attentionResponse>;

/** GET /api/insight/summary.pdf?month=YYYY-MM: the monthly portfolio summary (a finished month). */
export const insightSummaryQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'),
});
