import { z } from 'zod';
import { pagingSchema, searchTerm } from './list';
import { namedRef, recordIdField, timestampField } from './response-fields';

export const REPORT_TYPES = ['fire_safety'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const propertyIdMessage = 'Property ID is required to generate a report.';
/** PostgreSQL's integer: a larger id names no record. */
const MAX_ID = 2_147_483_647;

/** POST /api/reports (SPEC 7). */
export const generateReportSchema = z.object({
  propertyId: z.coerce.number({ error: propertyIdMessage }).int(propertyIdMessage).positive(propertyIdMessage).max(MAX_ID, 'Property not found'),
  reportType: z.enum(REPORT_TYPES, { error: 'Report type must be fire_safety' }).default('fire_safety'),
});
export type GenerateReportInput = z.input<typeof generateReportSchema>;

/** SPEC 2, "Reports": date newest, date oldest, property name, report type. */
export const REPORT_SORTS = ['newest', 'oldest', 'property', 'type'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_SORT_LABELS: Record<ReportSort, string> = {
  newest: 'Date (newest)',
  oldest: 'Date (oldest)',
  property: 'Property name',
  type: 'Report type',
};

export const reportListQuerySchema = pagingSchema.extend({
  q: searchTerm,
  propertyId: z.coerce.number({ error: 'Property must be a number' }).int().positive('Property must be a number').max(MAX_ID, 'Property not found').optional(),
  sort: z.enum(REPORT_SORTS, { error: 'Sort must be one of newest, oldest, property, type' }).default('newest'),
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;

/** A generated report as lists show it; the PDF itself is at downloadUrl. */
export const reportResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  property: namedRef,
  reportType: z.string(),
  generatedDate: timestampField,
  downloadUrl: z.string(),
  fileName: z.string(),
  createdAt: timestampField,
  reportNumber: z.string().nullable().describe('FM-<year>-<6 digits>; null on reports made before numbering'),
  verifyPath: z.string().nullable().describe("The public verification page (`/verify/<id>`), relative to the app's address"),
  verificationRevoked: z.boolean().describe('The owner revoked the verification link: the page says so and shows nothing else'),
});
export type Report = z.infer<typeof reportResponse>;
