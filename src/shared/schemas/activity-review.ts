import { z } from 'zod';
import { ACTIVITY_BASES } from '../activity-basis';
import { COMPLIANCE_RESULTS, INSPECTION_TYPES } from '../enums';
import { pagingSchema } from './list';
import { calendarDayField, namedRef, recordIdField, timestampField } from './response-fields';

/** GET /api/inspections/activity-review: paged, optionally one property's. */
export const activityReviewQuerySchema = pagingSchema.extend({
  propertyId: z.coerce.number({ error: 'Unknown property' }).int('Unknown property').min(1, 'Unknown property').max(2_147_483_647, 'Unknown property').optional(),
});
export type ActivityReviewQuery = z.input<typeof activityReviewQuerySchema>;

export const activityChoiceResponse = z.object({
  id: recordIdField,
  activity: z.string(),
  principal: z.boolean(),
  intervalMonths: z.number().int().nullable(),
  intervalDays: z.number().int().nullable(),
});
export type ActivityChoiceOption = z.infer<typeof activityChoiceResponse>;

/** A completion whose activity is not stated or assumed, of a type with several active requirements. */
export const activityReviewItemResponse = z.object({
  id: recordIdField.describe('The inspection'),
  propertyId: recordIdField,
  property: namedRef,
  inspectionType: z.enum(INSPECTION_TYPES),
  completedDate: timestampField,
  performedOn: calendarDayField.describe("The day it was performed, in the organisation's time zone"),
  complianceResult: z.enum(COMPLIANCE_RESULTS).nullable(),
  assignedTo: z.string(),
  activityBasis: z.enum(ACTIVITY_BASES).describe('not_stated or assumed'),
  requirement: z.object({ id: recordIdField, activity: z.string(), principal: z.boolean() }).nullable().describe('The requirement it counts for now'),
  activities: z.array(activityChoiceResponse).describe('The active requirements of its type at the property, to choose from'),
});
export type ActivityReviewItem = z.infer<typeof activityReviewItemResponse>;
