import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ReportSort } from '@shared/enums';
import type { Report } from '@shared/schemas/report';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { properties, reportNumberCounters, reports } from '../../db/schema/index';
import { formatReportNumber, verifyPath, type VerificationSnapshot } from '@shared/schemas/verification';
import { searchPattern } from '../../db/like';

export interface ReportFilter {
  q?: string;
  propertyId?: number;
  sort: ReportSort;
  limit: number;
  offset: number;
}

const ORDER: Record<ReportSort, SQL[]> = {
  newest: [desc(reports.generatedDate), desc(reports.id)],
  oldest: [asc(reports.generatedDate), asc(reports.id)],
  property: [asc(sql`lower(${properties.name})`), desc(reports.generatedDate), desc(reports.id)],
  type: [asc(reports.reportType), desc(reports.generatedDate), desc(reports.id)],
};

/** Report metadata of the account, one page; never the PDF bytes. */
export async function listReports(db: DbOrTx, reach: Reach, filter: ReportFilter): Promise<{ rows: Report[]; total: number }> {
  const conditions = [eq(reports.organizationId, reach.id), propertyScope(reach, sql`${reports.propertyId}`)];
  if (filter.propertyId) conditions.push(eq(reports.propertyId, filter.propertyId));
  if (filter.q) {
    const pattern = searchPattern(filter.q);
    conditions.push(sql`(${properties}.search_name like ${pattern} or firemark_search_fold(${reports.fileName}) like ${pattern})`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: reports.id,
        propertyId: reports.propertyId,
        property: { id: properties.id, name: properties.name },
        reportType: reports.reportType,
        generatedDate: reports.generatedDate,
        downloadUrl: reports.downloadUrl,
        fileName: reports.fileName,
        createdAt: reports.createdAt,
        reportNumber: reports.reportNumber,
        verifyId: reports.verifyId,
        verifyRevokedAt: reports.verifyRevokedAt,
      })
      .from(reports)
      .innerJoin(properties, eq(properties.id, reports.propertyId))
      .where(where)
      .orderBy(...ORDER[filter.sort])
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(reports).innerJoin(properties, eq(properties.id, reports.propertyId)).where(where),
  ]);
  return {
    rows: rows.map(({ verifyId, verifyRevokedAt, ...r }) => ({
      ...r,
      verifyPath: verifyId ? verifyPath(verifyId) : null,
      verificationRevoked: verifyRevokedAt !== null,
      generatedDate: r.generatedDate.toISOString(),
      createdAt: r.createdAt.toISOString(),
      downloadUrl: r.downloadUrl ?? `/api/reports/${r.id}/download`,
    })),
    total: total!.n,
  };
}

/** Stores a generated PDF; its download path names its own id. */
export async function insertReport(
  db: DbOrTx,
  input: {
    organizationId: number;
    propertyId: number;
    reportType: string;
    fileName: string;
    storageKey: string;
    byteSize: number;
    generatedAt: Date;
    reportNumber: string;
    verifyId: string;
    pdfSha256: string;
    verifySnapshot: VerificationSnapshot;
  },
): Promise<number> {
  const [row] = await db
    .insert(reports)
    .values({ ...input, generatedDate: input.generatedAt, createdAt: input.generatedAt })
    .returning({ id: reports.id });
  await db.update(reports).set({ downloadUrl: `/api/reports/${row!.id}/download` }).where(eq(reports.id, row!.id));
  return row!.id;
}

export async function findReportPdf(db: DbOrTx, reach: Reach, id: number) {
  const [row] = await db
    .select({ fileName: reports.fileName, storageKey: reports.storageKey })
    .from(reports)
    .where(and(eq(reports.organizationId, reach.id), propertyScope(reach, sql`${reports.propertyId}`), eq(reports.id, id)));
  return row;
}

/**
 * The account's next number of the year, in its own statement: the upsert locks that row only
 * while it runs, so twenty generations at once get twenty numbers without waiting on each
 * other's rendering. A generation that fails after this leaves a gap, never a duplicate.
 */
export async function nextReportNumber(db: DbOrTx, organizationId: number, year: number): Promise<string> {
  const [row] = await db
    .insert(reportNumberCounters)
    .values({ organizationId, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [reportNumberCounters.organizationId, reportNumberCounters.year], set: { lastNumber: sql`${reportNumberCounters.lastNumber} + 1` } })
    .returning({ n: reportNumberCounters.lastNumber });
  return formatReportNumber(year, row!.n);
}

/** One lookup on the unique index whatever the id holds, so unknown and known ids cost the same. */
export async function findVerification(db: DbOrTx, verifyId: string) {
  const [row] = await db
    .select({ snapshot: reports.verifySnapshot, sha256: reports.pdfSha256, revokedAt: reports.verifyRevokedAt })
    .from(reports)
    .where(eq(reports.verifyId, verifyId));
  return row;
}

/** Marks the account's report's link revoked (the first time counts); false when it has none. */
export async function revokeVerification(db: DbOrTx, reach: Reach, id: number): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ verifyRevokedAt: sql`coalesce(${reports.verifyRevokedAt}, now())` })
    .where(and(eq(reports.organizationId, reach.id), propertyScope(reach, sql`${reports.propertyId}`), eq(reports.id, id), isNotNull(reports.verifyId)))
    .returning({ id: reports.id });
  return rows.length > 0;
}
