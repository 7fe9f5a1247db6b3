import { sql, type SQL } from 'drizzle-orm';
import type { NotificationSettings } from '@shared/schemas/auth';
import type { DbOrTx } from '../../db/client';

/** The notification settings that choose who gets a kind of mail about a property. */
export type MailSetting = keyof Pick<NotificationSettings, 'emailInspectionReminders' | 'emailComplianceAlerts' | 'emailReportGeneration'>;

/** A member a mail about a property goes to. Mail for one whose address is unconfirmed is held (email/held-mail.ts). */
export interface MailRecipient {
  userId: number;
  email: string;
  name: string;
  confirmed: boolean;
}

/**
 * The members of an organisation who look after a property and want this kind of mail (their
 * own `setting`, on unless switched off): owners and admins, and managers with every property,
 * for every property; a manager given the property; the inspector member who is the
 * inspection's assigned inspector (`inspector`, when the mail is about an inspection) if they
 * reach its property. Viewers get none. So each mail goes only to people who can open what it
 * links to. docs/decisions/031-team-mail.md. Rows carry `rank`, `joined_at` and
 * `membership_id` to order them: owners first, then admins, managers, inspectors, each by
 * when they joined.
 */
function lookingAfterSql(setting: MailSetting, organization: SQL, property: SQL, inspector: SQL | null): SQL {
  const given = sql`(m.all_properties or exists (
      select 1 from membership_properties mp where mp.membership_id = m.id and mp.property_id = ${property}))`;
  const assigned = inspector ? sql`or (m.role = 'inspector' and m.inspector_id = ${inspector} and ${given})` : sql``;
  return sql`
    select u.id as user_id, u.email, coalesce(nullif(u.full_name, ''), u.username) as name,
           u.email_confirmed_at is not null as confirmed,
           case m.role when 'owner' then 0 when 'admin' then 1 when 'manager' then 2 else 3 end as rank,
           m.created_at as joined_at, m.id as membership_id
    from memberships m
    join users u on u.id = m.user_id
    where m.organization_id = ${organization}
      and coalesce((u.notification_settings ->> ${setting})::boolean, true)
      and (m.role in ('owner', 'admin') or (m.role = 'manager' and ${given}) ${assigned})`;
}

/**
 * `recipients` (a JSON array of MailRecipient, in order) and `any_confirmed` for a lateral
 * join: `cross join lateral (${recipientsLateralSql(...)}) rc`. The columns are SQL of the
 * outer query (e.g. sql`c.organization_id`).
 */
export function recipientsLateralSql(setting: MailSetting, organization: SQL, property: SQL, inspector: SQL | null): SQL {
  return sql`
    select coalesce(json_agg(json_build_object('userId', r.user_id, 'email', r.email, 'name', r.name, 'confirmed', r.confirmed)
                      order by r.rank, r.joined_at, r.membership_id), '[]'::json) as recipients,
           coalesce(bool_or(r.confirmed), false) as any_confirmed
    from (${lookingAfterSql(setting, organization, property, inspector)}) r`;
}

/** The members a mail of this kind about the property (and the inspection's inspector) goes to, in order. */
export async function findRecipients(
  db: DbOrTx,
  setting: MailSetting,
  about: { organizationId: number; propertyId: number; inspectorId?: number | null },
): Promise<MailRecipient[]> {
  const inspector = about.inspectorId ? sql`${about.inspectorId}::int` : null;
  const result = await db.execute<{ user_id: number; email: string; name: string; confirmed: boolean }>(sql`
    select r.user_id, r.email, r.name, r.confirmed
    from (${lookingAfterSql(setting, sql`${about.organizationId}::int`, sql`${about.propertyId}::int`, inspector)}) r
    order by r.rank, r.joined_at, r.membership_id`);
  return result.rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, confirmed: r.confirmed }));
}
