import { z } from 'zod';
import type { ComplianceItemStatus, PropertyStatus } from '../enums';

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
export interface VerificationSnapshot {
  reportNumber: string;
  generatedAt: string;
  property: { name: string; city: string };
  overallStatus: PropertyStatus;
  items: { label: string; status: ComplianceItemStatus }[];
}

export type ReportVerification =
  | ({ state: 'valid'; sha256: string } & VerificationSnapshot)
  | { state: 'revoked'; message: string };

export const REVOKED_MESSAGE = "This verification link was revoked by the report's owner.";
