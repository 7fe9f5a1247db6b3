import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens, webhookDeliveries, webhookEndpoints, webhookOverdueEvents } from '../../db/schema/index';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** An endpoint with the personal API token it was made with, if any. */
export interface EndpointView {
  endpoint: EndpointRow;
  token: { id: number; name: string; prefix: string; revokedAt: Date | null } | null;
}

const endpointViews = (db: DbOrTx) =>
  db
    .select({ endpoint: webhookEndpoints, token: { id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, revokedAt: apiTokens.revokedAt } })
    .from(webhookEndpoints)
    .leftJoin(apiTokens, eq(apiTokens.id, webhookEndpoints.createdByTokenId));

export const listEndpoints = (db: DbOrTx, organizationId: number): Promise<EndpointView[]> =>
  endpointViews(db).where(eq(webhookEndpoints.organizationId, organizationId)).orderBy(webhookEndpoints.id);

export async function findEndpointView(db: DbOrTx, organizationId: number, id: number): Promise<EndpointView | undefined> {
  const [row] = await endpointViews(db).where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row;
}

/**
 * Turns off the account's endpoints made with these tokens and gives up their pending
 * deliveries with `reason`, in the caller's transaction (the revocation's): nothing is posted
 * for them afterwards. Returns the endpoints' ids.
 */
export async function stopEndpointsMadeBy(db: DbOrTx, organizationId: number, tokenIds: number[], now: Date, reason: string): Promise<number[]> {
  if (tokenIds.length === 0) return [];
  const stopped = await db
    .update(webhookEndpoints)
    .set({ enabled: false })
    .where(and(eq(webhookEndpoints.organizationId, organizationId), inArray(webhookEndpoints.createdByTokenId, tokenIds)))
    .returning({ id: webhookEndpoints.id });
  const ids = stopped.map((row) => row.id);
  if (ids.length > 0) {
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: null, failedAt: now, lastError: reason })
      .where(and(inArray(webhookDeliveries.endpointId, ids), isNotNull(webhookDeliveries.nextAttemptAt)));
  }
  return ids;
}

export async function findEndpoint(db: DbOrTx, organizationId: number, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function countEndpoints(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
  return row!.n;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(db: DbOrTx, organizationId: number, id: number, values: Partial<typeof webhookEndpoints.$inferInsert>) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The account's enabled endpoints that subscribe to this event. */
export const subscribers = (db: DbOrTx, organizationId: number, type: string) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));

export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export const recentDeliveries = (db: DbOrTx, endpointId: number, limit = 20) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(desc(webhookDeliveries.id)).limit(limit);

/**
 * Claims due deliveries for this worker and returns them with their endpoints. The rows are
 * locked while claimed (another instance sweeping skips them) and their next attempt is
 * moved to `leaseUntil`, so the posts happen after the commit, outside any transaction: a
 * slow receiver holds no lock and no connection. A worker that dies mid-post leaves the
 * lease to run out and the attempt is made again (receivers dedupe on the delivery id).
 * Deliveries of a turned-off endpoint are not taken (they wait, should it be turned on again).
 * At most `perEndpoint` of one endpoint are taken per claim, so one account's backlog to a
 * slow receiver cannot keep every other account's deliveries waiting.
 */
export async function claimDueDeliveries(db: DbOrTx, now: Date, limit: number, perEndpoint: number, leaseUntil: Date) {
  const at = now.toISOString();
  const claimed = await db.execute<{ id: number }>(sql`
    update webhook_deliveries set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where id in (
      select id from webhook_deliveries
      where id in (
        select id from (
          select id, row_number() over (partition by endpoint_id order by next_attempt_at, id) as place
          from webhook_deliveries d
          where next_attempt_at is not null and next_attempt_at <= ${at}::timestamptz
            -- A turned-off endpoint gets nothing, whatever was still waiting for it.
            and exists (select 1 from webhook_endpoints e where e.id = d.endpoint_id and e.enabled)
        ) due
        where place <= ${perEndpoint}
      )
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = claimed.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.id);
}

export async function recordAttempt(db: DbOrTx, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** A 2xx: the endpoint answers again. */
export async function markEndpointHealthy(db: DbOrTx, endpointId: number): Promise<void> {
  await db.update(webhookEndpoints).set({ consecutiveFailures: 0, failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** One more failed attempt; from `failingAfter` in a row on, the endpoint is failing (since the first time it got there). */
export async function markEndpointFailure(db: DbOrTx, endpointId: number, now: Date, failingAfter: number): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      failingSince: sql`case when ${webhookEndpoints.consecutiveFailures} + 1 >= ${failingAfter} then coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz) else ${webhookEndpoints.failingSince} end`,
    })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** Open inspections past their due date (in the account's zone) whose event is not written yet, for accounts that want it. */
export async function newlyOverdue(db: DbOrTx, now: Date, lookbackDays: number, limit: number) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone o.time_zone)::date`;
  const result = await db.execute<{ id: number; organization_id: number; today: string }>(sql`
    select i.id, i.organization_id, to_char(${today}, 'YYYY-MM-DD') as today
    from inspections i
    join organizations o on o.id = i.organization_id
    where i.status in ('scheduled', 'in_progress')
      and i.due_date < ${today} and i.due_date >= ${today} - ${lookbackDays}::int
      and exists (select 1 from webhook_endpoints e where e.organization_id = i.organization_id and e.enabled and 'inspection.overdue' = any(e.events))
      and not exists (select 1 from webhook_overdue_events m where m.inspection_id = i.id)
    order by i.id
    limit ${limit}`);
  return result.rows;
}

/** Marks an inspection's overdue event as written; false when it already was (another sweep got there first). */
export async function markOverdueAnnounced(db: DbOrTx, inspectionId: number): Promise<boolean> {
  const marked = await db.insert(webhookOverdueEvents).values({ inspectionId }).onConflictDoNothing().returning();
  return marked.length > 0;
}
