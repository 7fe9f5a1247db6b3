import { z } from 'zod';
import { COMPLIANCE_ITEM_STATUSES, PROPERTY_STATUSES } from '../enums';

/** Report numbers read FM-<year>-<at least 6 digits>. */
export const formatReportNumber = (year: number, n: number) => `FM-${year}-${String(n).padStart(6, '0')}`;

/** The path a report's QR code and footer point to; the client route of the same name shows it. */
export const verifyPath = (verifyId: string) => `/verify/${verifyId}`;

/**
 * GET /api/verify/:id. Any string of a sane length is looked up (one indexed lookup whatever
 * it holds), so a malformed id and an unknown one both answer the same 404.
 */
export const verifyIdParamsSchema = z.object({
  id: z.string({ error: 'Verification link not found' }).min(1, 'Verification link not found').max(64, 'Verification link not found'),
});

/**
 * What the public verification page shows, stored as it was when the report was made. It
 * holds on purpose no e-mail, notes, address line or account name.
 */
export const verificationSnapshotResponse = z.object({
  reportNumber: z.string(),
  generatedAt: z.string(),
  property: z.object({ name: z.string(), city: z.string() }),
  overallStatus: z.enum(PROPERTY_STATUSES),
  statusReason: z
    .string()
    .optional()
    .describe('Why the property had that status, e.g. "Sprinkler system never inspected" (DECISIONS "Compliance model"); absent on reports made before reasons were kept'),
  items: z.array(
    z.object({
      label: z.string(),
      status: z.enum(COMPLIANCE_ITEM_STATUSES),
      devices: z
        .number()
        .int()
        .optional()
        .describe("How many devices the report's inventory lists for the item (issue 32), so a printed inventory can be checked for pages taken out or added; absent for items without devices and on older reports"),
    }),
  ),
});
export type VerificationSnapshot = z.infer<typeof verificationSnapshotResponse>;

export const reportVerificationResponse = z.union([
  verificationSnapshotResponse.extend({ state: z.literal('valid'), sha256: z.string().describe("The SHA-256 of the report's PDF, hex") }),
  z.object({ state: z.literal('revoked'), message: z.string() }),
]);
export type ReportVerification = z.infer<typeof reportVerificationResponse>;

export const REVOKED_MESSAGE = "This verification link was revoked by the report's owner.";
