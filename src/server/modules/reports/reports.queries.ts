import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reports } from '../../db/schema/index';

/** Report metadata for one property of the user, newest first, one page; never the PDF bytes. */
export async function listPropertyReports(db: DbOrTx, userId: number, propertyId: number, limit: number, offset: number) {
  const where = and(eq(reports.userId, userId), eq(reports.propertyId, propertyId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: reports.id,
        propertyId: reports.propertyId,
        reportType: reports.reportType,
        generatedDate: reports.generatedDate,
        downloadUrl: reports.downloadUrl,
        fileName: reports.fileName,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(where)
      .orderBy(desc(reports.generatedDate), desc(reports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { rows, total: total!.n };
}
