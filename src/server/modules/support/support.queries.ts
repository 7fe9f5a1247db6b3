import { count, desc, eq } from 'drizzle-orm';
import type { SupportRequest, SupportRequestValues } from '@shared/schemas/support';
import type { DbOrTx } from '../../db/client';
import { supportRequests } from '../../db/schema/index';

const columns = {
  id: supportRequests.id,
  subject: supportRequests.subject,
  message: supportRequests.message,
  type: supportRequests.type,
  status: supportRequests.status,
  priority: supportRequests.priority,
  userEmail: supportRequests.userEmail,
  userFullName: supportRequests.userFullName,
  emailSent: supportRequests.emailSent,
  responseMessage: supportRequests.responseMessage,
  resolvedAt: supportRequests.resolvedAt,
  createdAt: supportRequests.createdAt,
  updatedAt: supportRequests.updatedAt,
};

/** Dates leave as ISO strings, the shape the client reads. */
type Row = Omit<SupportRequest, 'resolvedAt' | 'createdAt' | 'updatedAt'> & { resolvedAt: Date | null; createdAt: Date; updatedAt: Date };
const toApi = (row: Row): SupportRequest => ({
  ...row,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function insertSupportRequest(db: DbOrTx, organizationId: number, values: SupportRequestValues): Promise<SupportRequest> {
  const [row] = await db
    .insert(supportRequests)
    .values({ ...values, organizationId })
    .returning(columns);
  return toApi(row!);
}

/** Newest first, one page; the (organization_id, created_at) index serves both the page and the count. */
export async function listSupportRequests(db: DbOrTx, organizationId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(supportRequests)
      .where(eq(supportRequests.organizationId, organizationId))
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(supportRequests).where(eq(supportRequests.organizationId, organizationId)),
  ]);
  return { rows: rows.map(toApi), total: total!.n };
}
