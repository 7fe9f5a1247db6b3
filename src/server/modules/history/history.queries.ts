import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface HistoryEventRow {
  id: number;
  occurred_at: Date;
  kind: string;
  actor_kind: 'member' | 'token' | 'system';
  actor_user_id: number | null;
  actor_name: string | null;
  property_id: number | null;
  property_name: string | null;
  entity_table: string;
  entity_id: number | null;
  subject: Record<string, unknown>;
  changes: Record<string, [unknown, unknown]>;
}

export interface EventQuery {
  propertyId?: number;
  userId?: number;
  /** An exact kind ('inspection.completed') or a group ('inspection'). */
  kind?: string;
  /** Days in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
  /** Only events older than this id. */
  before?: number;
}

function conditions(organizationId: number, query: EventQuery): SQL {
  const parts: SQL[] = [sql`e.organization_id = ${organizationId}`];
  if (query.propertyId !== undefined) parts.push(sql`e.property_id = ${query.propertyId}`);
  if (query.userId !== undefined) parts.push(sql`e.actor_user_id = ${query.userId}`);
  if (query.kind !== undefined) {
    parts.push(query.kind.includes('.') ? sql`e.kind = ${query.kind}` : sql`left(e.kind, ${query.kind.length + 1}) = ${`${query.kind}.`}`);
  }
  if (query.from !== undefined) parts.push(sql`e.occurred_at >= (${query.from}::date)::timestamp at time zone ${query.timeZone}`);
  if (query.to !== undefined) parts.push(sql`e.occurred_at < (${query.to}::date + 1)::timestamp at time zone ${query.timeZone}`);
  if (query.before !== undefined) parts.push(sql`e.id < ${query.before}`);
  return sql.join(parts, sql` and `);
}

/** Newest first (by id: the order they were written in). */
export async function listEvents(db: DbOrTx, organizationId: number, query: EventQuery, limit: number): Promise<HistoryEventRow[]> {
  const result = await db.execute<HistoryEventRow & Record<string, unknown>>(sql`
    select e.id, e.occurred_at, e.kind, e.actor_kind, e.actor_user_id, e.actor_name, e.property_id, e.property_name,
           e.entity_table, e.entity_id, e.subject, e.changes
    from history_events e
    where ${conditions(organizationId, query)}
    order by e.id desc
    limit ${limit}`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), occurred_at: new Date(row.occurred_at) }));
}

export async function propertyExists(db: DbOrTx, organizationId: number, propertyId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from properties where id = ${propertyId} and organization_id = ${organizationId}`);
  return result.rows.length > 0;
}

/** Everyone who made a change, with the name they had at their latest one. */
export async function listActors(db: DbOrTx, organizationId: number): Promise<{ userId: number; name: string }[]> {
  const result = await db.execute<{ user_id: number; name: string | null }>(sql`
    select distinct on (e.actor_user_id) e.actor_user_id as user_id,
           coalesce(nullif(u.full_name, ''), u.username, regexp_replace(e.actor_name, ' \\(API token .*\\)$', '')) as name
    from history_events e
    left join users u on u.id = e.actor_user_id
    where e.organization_id = ${organizationId} and e.actor_user_id is not null
    order by e.actor_user_id, e.id desc`);
  return result.rows
    .map((row) => ({ userId: row.user_id, name: row.name ?? 'A former member' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
