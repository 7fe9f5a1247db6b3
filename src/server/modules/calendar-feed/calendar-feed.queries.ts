import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { apiTokens, calendarFeeds } from '../../db/schema/index';
import { dueNotScheduledSql } from '../compliance/compliance.sql';

/** The account a feed link belongs to, found by the hash of the link's token. */
export async function findFeedOwner(db: DbOrTx, tokenHash: string): Promise<{ organizationId: number } | null> {
  const [row] = await db.select({ organizationId: calendarFeeds.organizationId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}

export async function findFeedSecret(db: DbOrTx, organizationId: number): Promise<string | null> {
  const [row] = await db.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.organizationId, organizationId));
  return row?.secret ?? null;
}

/** The personal API token a feed link was handed to, as the API shows it. */
export interface FeedToken {
  id: number;
  name: string;
  prefix: string;
  revokedAt: Date | null;
}

/** The account's feed secret and the token its link was last handed to, if any. */
export async function findFeed(db: DbOrTx, organizationId: number): Promise<{ secret: string; token: FeedToken | null } | null> {
  const [row] = await db
    .select({ secret: calendarFeeds.secret, token: { id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, revokedAt: apiTokens.revokedAt } })
    .from(calendarFeeds)
    .leftJoin(apiTokens, eq(apiTokens.id, calendarFeeds.createdByTokenId))
    .where(eq(calendarFeeds.organizationId, organizationId));
  return row ?? null;
}

/**
 * Gives the account this feed secret unless it has one already, and returns the one it has:
 * two first visits at once agree on one link.
 */
export async function createFeedIfMissing(db: DbOrTx, organizationId: number, secret: string, tokenHash: string, byTokenId: number | null = null): Promise<string> {
  await db.insert(calendarFeeds).values({ organizationId, secret, tokenHash, createdByTokenId: byTokenId }).onConflictDoNothing({ target: calendarFeeds.organizationId });
  return (await findFeedSecret(db, organizationId))!;
}

/** Notes that a personal API token was handed the link: revoking a token then ends it. */
export async function markFeedHandedTo(db: DbOrTx, organizationId: number, tokenId: number): Promise<void> {
  await db.update(calendarFeeds).set({ createdByTokenId: tokenId }).where(eq(calendarFeeds.organizationId, organizationId));
}

/** Replaces the account's feed secret: the previous link finds nothing from now on. */
export async function replaceFeed(db: DbOrTx, organizationId: number, secret: string, tokenHash: string, byTokenId: number | null = null): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ organizationId, secret, tokenHash, createdByTokenId: byTokenId })
    .onConflictDoUpdate({ target: calendarFeeds.organizationId, set: { secret, tokenHash, createdByTokenId: byTokenId, createdAt: sql`now()` } });
}

/** Deletes the account's feed if any API token was handed its link; true when there was one. */
export async function deleteFeedHandedToToken(db: DbOrTx, organizationId: number): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.organizationId, organizationId), isNotNull(calendarFeeds.createdByTokenId)))
    .returning({ organizationId: calendarFeeds.organizationId });
  return rows.length > 0;
}

/** One all-day entry of the feed, whatever it stands for. */
export interface FeedEntry {
  /** Stable for what the entry stands for ("inspection-12"), so apps update it in place. */
  key: string;
  /** YYYY-MM-DD */
  date: string;
  inspectionType: InspectionType;
  /** The requirement's activity ("Monthly visual inspection"), when the entry names one. */
  activity: string | null;
  /** True for a requirement that is due with no open inspection ("Due, not scheduled"). */
  notScheduled: boolean;
  propertyName: string;
  propertyAddress: string;
  assignedTo: string | null;
  /** Where the entry opens in the app, a path under APP_URL. */
  path: string;
  updatedAt: Date;
}

/**
 * Every open inspection of the account. The columns are those of FeedEntry, in snake case,
 * so that each source of the feed is one select of the same shape.
 */
function openInspections(organizationId: number): SQL {
  return sql`
    select 'inspection-' || i.id as key, i.due_date as date, i.inspection_type::text as inspection_type,
           null::text as activity, false as not_scheduled,
           p.name as property_name,
           concat_ws(', ', p.address_line1, p.address_line2, p.city, p.state || ' ' || p.zip) as property_address,
           i.assigned_to, '/inspections/' || i.id as path, i.updated_at
    from inspections i
    join properties p on p.id = i.property_id and p.organization_id = i.organization_id
    where i.organization_id = ${organizationId} and i.status in ('scheduled', 'in_progress')`;
}

/**
 * Every requirement that is due with no open inspection ("Due, not scheduled", the same rule
 * as the dashboard and the bell), on its due date. "Today" is the account's own, from `now`.
 * The key carries the due date: once the item is done, its next due date is another entry.
 */
function dueNotScheduled(organizationId: number, now: Date): SQL {
  const today = sql`(${now.toISOString()}::timestamptz at time zone o.time_zone)::date`;
  return sql`
    select 'requirement-' || r.id || '-' || to_char(r.next_due_date, 'YYYY-MM-DD') as key, r.next_due_date as date,
           r.item_type::text as inspection_type, r.activity, true as not_scheduled,
           p.name as property_name,
           concat_ws(', ', p.address_line1, p.address_line2, p.city, p.state || ' ' || p.zip) as property_address,
           null::text as assigned_to, '/properties/' || p.id as path, r.updated_at
    from requirements r
    join organizations o on o.id = r.organization_id
    join properties p on p.id = r.property_id and p.organization_id = r.organization_id
    where r.organization_id = ${organizationId} and ${dueNotScheduledSql('r', today)}`;
}

/**
 * What the account's calendar feed lists, soonest first. Each source is one select of the
 * FeedEntry columns scoped to `organizationId`.
 */
export async function feedEntries(db: DbOrTx, organizationId: number, now: Date): Promise<FeedEntry[]> {
  const sources: SQL[] = [openInspections(organizationId), dueNotScheduled(organizationId, now)];
  const result = await db.execute<Record<string, unknown>>(sql`
    select e.key, to_char(e.date, 'YYYY-MM-DD') as date, e.inspection_type, e.activity, e.not_scheduled,
           e.property_name, e.property_address, e.assigned_to, e.path, e.updated_at
    from (${sql.join(sources, sql` union all `)}) e
    order by e.date, e.key`);
  return result.rows.map((row) => ({
    key: row.key as string,
    date: row.date as string,
    inspectionType: row.inspection_type as InspectionType,
    activity: row.activity as string | null,
    notScheduled: row.not_scheduled as boolean,
    propertyName: row.property_name as string,
    propertyAddress: row.property_address as string,
    assignedTo: row.assigned_to as string | null,
    path: row.path as string,
    updatedAt: new Date(row.updated_at as string | Date),
  }));
}
