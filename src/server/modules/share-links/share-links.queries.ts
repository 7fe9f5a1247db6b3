import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { SHARE_LINK_VIEWS_LISTED } from '@shared/schemas/share-link';
import type { DbOrTx } from '../../db/client';
import { deficiencies, inspections, organizations, reports, shareLinks, shareLinkViews, users } from '../../db/schema/index';

export type ShareLinkRow = typeof shareLinks.$inferSelect;

export async function insertLink(db: DbOrTx, values: typeof shareLinks.$inferInsert): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

/** The organisation's links of a property, newest first, with who made each and its views counted. */
export function listLinks(db: DbOrTx, organizationId: number, propertyId: number) {
  return db
    .select({
      id: shareLinks.id,
      propertyId: shareLinks.propertyId,
      recipient: shareLinks.recipient,
      includeDeficiencies: shareLinks.includeDeficiencies,
      expiresAt: shareLinks.expiresAt,
      revokedAt: shareLinks.revokedAt,
      createdAt: shareLinks.createdAt,
      createdBy: users.fullName,
      viewCount: sql<number>`(select count(*)::int from ${shareLinkViews} v where v.share_link_id = ${shareLinks.id})`,
      lastViewedAt: sql<Date | null>`(select max(v.viewed_at) from ${shareLinkViews} v where v.share_link_id = ${shareLinks.id})`.mapWith(
        (value: string | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdByUserId))
    .where(and(eq(shareLinks.organizationId, organizationId), eq(shareLinks.propertyId, propertyId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

/** The latest views of each link, newest first, at most SHARE_LINK_VIEWS_LISTED a link. */
export async function latestViews(db: DbOrTx, linkIds: number[]) {
  if (linkIds.length === 0) return [];
  const ranked = db
    .select({
      shareLinkId: shareLinkViews.shareLinkId,
      viewedAt: shareLinkViews.viewedAt,
      client: shareLinkViews.client,
      id: shareLinkViews.id,
      n: sql<number>`row_number() over (partition by ${shareLinkViews.shareLinkId} order by ${shareLinkViews.viewedAt} desc, ${shareLinkViews.id} desc)`.as('n'),
    })
    .from(shareLinkViews)
    .where(inArray(shareLinkViews.shareLinkId, linkIds))
    .as('ranked');
  return db
    .select({ shareLinkId: ranked.shareLinkId, viewedAt: ranked.viewedAt, client: ranked.client })
    .from(ranked)
    .where(sql`${ranked.n} <= ${SHARE_LINK_VIEWS_LISTED}`)
    .orderBy(desc(ranked.viewedAt), desc(ranked.id));
}

/** One link of the organisation, whatever its state. */
export async function findLink(db: DbOrTx, organizationId: number, id: number): Promise<ShareLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.organizationId, organizationId), eq(shareLinks.id, id)));
  return row;
}

/** Revokes a link once: a second revocation keeps the first time. */
export async function revokeLink(db: DbOrTx, organizationId: number, id: number, now: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(eq(shareLinks.organizationId, organizationId), eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
}

/** The link a token opens, with what its page says of who shared it. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: shareLinks.id,
      organizationId: shareLinks.organizationId,
      propertyId: shareLinks.propertyId,
      recipient: shareLinks.recipient,
      includeDeficiencies: shareLinks.includeDeficiencies,
      expiresAt: shareLinks.expiresAt,
      revokedAt: shareLinks.revokedAt,
      createdAt: shareLinks.createdAt,
      createdByUserId: shareLinks.createdByUserId,
      organizationName: organizations.name,
      timeZone: organizations.timeZone,
      dataVersion: organizations.dataVersion,
      sharerName: users.fullName,
    })
    .from(shareLinks)
    .innerJoin(organizations, eq(organizations.id, shareLinks.organizationId))
    .leftJoin(users, eq(users.id, shareLinks.createdByUserId))
    .where(eq(shareLinks.tokenHash, tokenHash));
  return row;
}

export async function insertView(db: DbOrTx, shareLinkId: number, viewedAt: Date, client: string): Promise<void> {
  await db.insert(shareLinkViews).values({ shareLinkId, viewedAt, client });
}

/**
 * The property's open deficiencies as the share page shows them: what was found, where, how
 * bad, what to do and by when. Not who corrected it or their notes, and no photos.
 */
export function openDeficiencies(db: DbOrTx, organizationId: number, propertyId: number) {
  return db
    .select({
      itemType: deficiencies.itemType,
      description: deficiencies.description,
      severity: deficiencies.severity,
      location: deficiencies.location,
      correctiveAction: deficiencies.correctiveAction,
      dueBy: deficiencies.dueBy,
      foundAt: inspections.completedDate,
    })
    .from(deficiencies)
    .innerJoin(inspections, eq(inspections.id, deficiencies.inspectionId))
    .where(and(eq(deficiencies.organizationId, organizationId), eq(deficiencies.propertyId, propertyId), isNull(deficiencies.correctedOn)))
    // As the property's Deficiencies tab orders them: the worst first, then the soonest due.
    .orderBy(sql`array_position(array['critical','impairment','non_critical']::deficiency_severity[], ${deficiencies.severity})`, sql`${deficiencies.dueBy} asc nulls last`, deficiencies.id)
    .limit(500);
}

/** The property's reports whose verification link is live, newest first. */
export function verifiableReports(db: DbOrTx, organizationId: number, propertyId: number) {
  return db
    .select({ reportNumber: reports.reportNumber, generatedAt: reports.generatedDate, verifyId: reports.verifyId })
    .from(reports)
    .where(
      and(
        eq(reports.organizationId, organizationId),
        eq(reports.propertyId, propertyId),
        isNotNull(reports.verifyId),
        isNotNull(reports.reportNumber),
        isNotNull(reports.pdfSha256),
        isNull(reports.verifyRevokedAt),
      ),
    )
    .orderBy(desc(reports.generatedDate), desc(reports.id))
    .limit(50);
}
