import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { DIGEST_PROPERTIES_LISTED, type DigestProperty } from '../../email/templates/unknown-last-done-digest';
import { unscheduledSql } from '../compliance/compliance.sql';
import { recipientsLateralSql, type MailRecipient } from '../notifications/recipients.queries';
import { reminderAccountsSql } from './reminders.queries';

/**
 * A requirement nobody has said when it was last done ("Not known", or a first date guessed
 * before anyone was asked; issue 35), active, with nothing scheduled: the daily digest counts
 * it, and it gets no reminder of its own. The partial index requirements_unknown_last_done_idx
 * serves it with (organization_id, property_id). `alias` is the requirements alias.
 */
export function unknownLastDoneSql(alias: string): SQL {
  const r = sql.raw(alias);
  return sql`(${unscheduledSql(alias)} and ${r}.last_done_unknown and ${r}.last_done_on is null)`;
}

/** An organisation whose digest is due: it has not had one today, in its own calendar. */
export interface DigestOrganization {
  organizationId: number;
  /** The organisation's own date now. */
  today: string;
  checkCount: number;
  propertyCount: number;
}

/**
 * The organisations a digest is due for at `now`, a page at a time by id: those reminders are
 * sent for (Pro, past the morning hour in their own zone, reminders not limited to 0 per item)
 * with at least one requirement of unknown last date, and no digest logged for their today.
 */
export async function findDigestOrganizations(db: DbOrTx, now: Date, limit: number, afterId = 0): Promise<DigestOrganization[]> {
  const result = await db.execute<DigestOrganization & Record<string, unknown>>(sql`
    with accounts as (${reminderAccountsSql(now)})
    select a.organization_id as "organizationId", to_char(a.today, 'YYYY-MM-DD') as today,
           u.checks as "checkCount", u.properties as "propertyCount"
    from accounts a
    cross join lateral (
      select count(*)::int as checks, count(distinct r.property_id)::int as properties
      from requirements r where r.organization_id = a.organization_id and ${unknownLastDoneSql('r')}
    ) u
    where u.checks > 0
      and a.max_reminders > 0
      and a.organization_id > ${afterId}
      and not exists (select 1 from requirement_digest_logs d where d.organization_id = a.organization_id and d.digest_day = a.today)
    order by a.organization_id
    limit ${limit}
  `);
  return result.rows;
}

/** One member's digest: what of it is at the properties they look after. */
export interface DigestRecipient extends MailRecipient {
  checkCount: number;
  propertyCount: number;
  /** The properties with the most first, at most DIGEST_PROPERTIES_LISTED. */
  properties: DigestProperty[];
}

/**
 * Who gets the organisation's digest, and what each one's says: the members a requirement
 * reminder of each property goes to (recipientsLateralSql, the same settings and roles), each
 * told only of the properties they look after, so every count is one they can act on.
 */
export async function findDigestRecipients(db: DbOrTx, organizationId: number): Promise<DigestRecipient[]> {
  const result = await db.execute<DigestRecipient & Record<string, unknown>>(sql`
    with counts as (
      select r.property_id, count(*)::int as n
      from requirements r where r.organization_id = ${organizationId} and ${unknownLastDoneSql('r')}
      group by r.property_id
    ),
    reached as (
      select x.member, x.ord, c.property_id, p.name, c.n
      from counts c
      join properties p on p.id = c.property_id
      cross join lateral (${recipientsLateralSql('emailInspectionReminders', sql`${organizationId}::int`, sql`c.property_id`, null)}) rc
      cross join lateral json_array_elements(rc.recipients) with ordinality x(member, ord)
    )
    select (member ->> 'userId')::int as "userId", member ->> 'email' as email, member ->> 'name' as name,
           (member ->> 'confirmed')::boolean as confirmed,
           sum(n)::int as "checkCount", count(*)::int as "propertyCount",
           to_json((array_agg(json_build_object('name', name, 'count', n) order by n desc, lower(name), property_id))[1:${DIGEST_PROPERTIES_LISTED}]) as properties
    from reached
    group by 1, 2, 3, 4
    -- Owners first, then admins and managers, as every reminder lists them.
    order by min(ord), 1
  `);
  return result.rows;
}

/**
 * Claims the organisation's digest for its day: the unique (organisation, day) key makes this
 * the one place that decides, so two sweeps at once send it once. Returns the log row's id, or
 * null when it was sent already.
 */
export async function claimDigest(db: DbOrTx, digest: DigestOrganization): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    insert into requirement_digest_logs (organization_id, digest_day, check_count, property_count)
    values (${digest.organizationId}, ${digest.today}::date, ${digest.checkCount}, ${digest.propertyCount})
    on conflict (organization_id, digest_day) do nothing
    returning id
  `);
  return result.rows[0]?.id ?? null;
}
