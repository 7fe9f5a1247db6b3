import { z } from 'zod';
import { REPORT_SORTS } from '../enums';
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
