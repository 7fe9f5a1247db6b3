import { z } from 'zod';
import { CODE_SETS } from '../code-sets';
import { COMPLIANCE_ITEM_STATUSES, COMPLIANCE_RESULTS, COUNTRIES, INSPECTION_TYPES, PROPERTY_STATUSES } from '../enums';
import { DEFICIENCY_SEVERITIES } from '../records';
import { isCalendarDate } from './calendar-date';
import { calendarDayField, countField, recordIdField, timestampField } from './response-fields';

/**
 * Share links (issue 31, docs/share-links.md): a read-only view of one property for a named
 * outside party (a fire marshal, an insurer), without an account, until it expires or is revoked.
 */

/** How long a link lasts when no expiry is chosen, and the longest it may last, in days. */
export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 365;

/** The page a link opens; the token is 128 random bits, only its SHA-256 is stored. */
export const sharePath = (token: string) => `/share/${token}`;

const expiryMessage = 'Enter the expiry as a date (YYYY-MM-DD)';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The last day the link works (it stops at the end of that day in the organisation's time zone),
 * or an exact instant with its offset (`2027-01-31T17:00:00Z`). Whether it is in the future and
 * within a year is checked by the server against its clock.
 */
const expiresAt = z
  .string({ error: expiryMessage })
  .trim()
  .refine((v) => isCalendarDate(v) || (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDate(v.slice(0, 10))), expiryMessage);

export const shareLinkCreateSchema = z.object({
  recipient: z
    .string({ error: 'Say who the link is for' })
    .trim()
    .min(2, 'Say who the link is for, in at least 2 characters')
    .max(120, 'Must be at most 120 characters'),
  expiresAt: expiresAt
    .optional()
    .describe(`The last day the link works (YYYY-MM-DD, until the end of that day in the organisation's time zone) or an ISO 8601 instant; ${SHARE_LINK_DEFAULT_DAYS} days when left out, at most ${SHARE_LINK_MAX_DAYS} days ahead`),
  includeDeficiencies: z.boolean({ error: 'Choose whether open deficiencies are shown' }).default(false),
});
export type ShareLinkCreateInput = z.input<typeof shareLinkCreateSchema>;

export const createdShareLinkResponse = z.object({
  id: recordIdField,
  url: z.string().describe('The link itself, `<app>/share/<token>`: sent only in this answer, never stored'),
  expiresAt: timestampField,
});
export type CreatedShareLink = z.infer<typeof createdShareLinkResponse>;

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

export const shareLinkViewResponse = z.object({
  viewedAt: timestampField,
  client: z.string().describe('Browser and system, e.g. "Chrome on Windows"; never the address or the full user agent'),
});
export type ShareLinkView = z.infer<typeof shareLinkViewResponse>;

/** At most this many views are listed with a link, newest first; `viewCount` counts them all. */
export const SHARE_LINK_VIEWS_LISTED = 50;

export const shareLinkResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  recipient: z.string(),
  includeDeficiencies: z.boolean(),
  status: z.enum(SHARE_LINK_STATUSES),
  createdAt: timestampField,
  createdBy: z.string().nullable().describe("The sharer's name; null once their account is gone"),
  expiresAt: timestampField,
  revokedAt: timestampField.nullable(),
  viewCount: countField,
  lastViewedAt: timestampField.nullable(),
  views: z.array(shareLinkViewResponse).describe(`The latest ${SHARE_LINK_VIEWS_LISTED}, newest first`),
});
export type ShareLink = z.infer<typeof shareLinkResponse>;

/** GET /api/share/{token}: any string of a sane length is looked up; a malformed token is the same 404 as an unknown one. */
export const shareTokenParamsSchema = z.object({
  token: z.string({ error: 'Share link not found' }).min(1, 'Share link not found').max(64, 'Share link not found'),
});

/** Issue 37: a requirement kept at a longer interval than its source asks says so, with the reason. */
const belowCodeMinimumFields = {
  codeInterval: z.string().nullable().describe('What the source asks, e.g. "Every 3 months"; null for a requirement of the property\'s own'),
  belowCodeMinimum: z.boolean().describe('Kept at a longer interval than its source asks'),
  belowCodeMinimumReason: z.string().nullable().describe('The reason given for the longer interval, e-mail addresses left out; null when not below the minimum'),
};

export const sharedRequirementResponse = z.object({
  activity: z.string(),
  source: z.string().nullable().describe('The standard it comes from'),
  interval: z.string().describe('e.g. "Every 12 months"'),
  status: z.enum(COMPLIANCE_ITEM_STATUSES),
  lastDoneOn: calendarDayField.nullable(),
  lastResult: z.enum(COMPLIANCE_RESULTS).nullable(),
  nextDueDate: calendarDayField.describe("Due by this day; where the code gives a window, the day it closes"),
  windowOpensOn: calendarDayField.nullable().describe("The day the code's window opens (NFPA 25's quarterly 2 to 4 months, annual 9 to 15); null when due on one day"),
  nominalDueDate: calendarDayField.nullable().describe('With a window: the last day done plus the interval, the day to aim for'),
  ...belowCodeMinimumFields,
});

/** A library requirement switched off: below the code minimum, shown with the reason given. */
export const sharedSwitchedOffResponse = z.object({
  activity: z.string(),
  source: z.string().nullable().describe('The standard it comes from'),
  codeInterval: z.string().describe('What the source asks, e.g. "Every month"'),
  belowCodeMinimumReason: z.string().nullable().describe('The reason given when it was switched off, e-mail addresses left out'),
});

export const sharedItemResponse = z.object({
  itemType: z.enum(INSPECTION_TYPES),
  label: z.string(),
  status: z.enum(COMPLIANCE_ITEM_STATUSES),
  lastInspectionDate: calendarDayField.nullable(),
  nextDueDate: calendarDayField.nullable(),
  requirements: z.array(sharedRequirementResponse).describe('The active requirements of the item, soonest due first'),
  switchedOff: z.array(sharedSwitchedOffResponse).describe("The library's requirements of the item switched off (below the code minimum), with the reasons"),
});

export const sharedDeficiencyResponse = z.object({
  itemType: z.enum(INSPECTION_TYPES),
  description: z.string(),
  severity: z.enum(DEFICIENCY_SEVERITIES),
  location: z.string().nullable(),
  correctiveAction: z.string().nullable(),
  dueBy: calendarDayField.nullable(),
  foundOn: calendarDayField.nullable(),
});

export const sharedReportResponse = z.object({
  reportNumber: z.string(),
  generatedAt: timestampField,
  verifyPath: z.string().describe('The public verification page of the report, `/verify/<id>`'),
});

/**
 * What the public share page shows, and nothing more: one property, its compliance, its open
 * deficiencies only when the sharer chose so, and its reports' verification links. No notes,
 * no e-mail addresses, no other property.
 */
export const sharedPropertyResponse = z.object({
  recipient: z.string(),
  sharedBy: z.object({
    organization: z.string(),
    person: z.string().nullable().describe("The sharer's full name; null once their account is gone"),
  }),
  sharedAt: timestampField,
  expiresAt: timestampField,
  timeZone: z.string().describe("The organisation's time zone: dates and statuses are as of today there"),
  today: calendarDayField,
  property: z.object({
    name: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.enum(COUNTRIES),
    status: z.enum(PROPERTY_STATUSES),
    statusReason: z.string(),
  }),
  codeSet: z
    .object({ codeSet: z.enum(CODE_SETS), label: z.string(), editions: z.array(z.string()) })
    .describe("The code set the property's requirements come from, with the editions its sources cite (issue 37)"),
  items: z.array(sharedItemResponse),
  deficiencies: z.array(sharedDeficiencyResponse).nullable().describe('Open deficiencies when the sharer chose to show them; null otherwise'),
  reports: z.array(sharedReportResponse).describe('Newest first, at most 50'),
});
export type SharedProperty = z.infer<typeof sharedPropertyResponse>;
