import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reports } from '../../db/schema/index';

/** Report metadata for one property of the user, newest first; never the PDF bytes. */
export function listPropertyReports(db: DbOrTx, userId: number, propertyId: number) {
  return db
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
    .where(and(eq(reports.userId, userId), eq(reports.propertyId, propertyId)))
    .orderBy(desc(reports.generatedDate));
}
