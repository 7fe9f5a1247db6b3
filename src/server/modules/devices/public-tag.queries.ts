import { eq, sql } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { effectiveDoneOnSql, plainDoneSql } from './plain-completions.sql';

export type PublicTagRow = {
  tag: string;
  itemType: InspectionType;
  status: string;
  organizationName: string;
  publicTagPages: boolean;
  lastInspectedOn: string | null;
  lastMaintainedOn: string | null;
  nextDueDate: string | null;
};

/**
 * What a paper tag would show of the device with this tag (tags are unique across Firemark),
 * read by the unique tag index and the device's own requirement rows. "Maintenance" is any
 * activity done less often than monthly (the annual maintenance, the 6-year maintenance, a
 * hydrostatic test); an inspection is any activity at all.
 */
export async function findPublicTag(db: DbOrTx, tag: string): Promise<PublicTagRow | undefined> {
  const result = await db.execute<PublicTagRow>(sql`
    select d.tag, d.item_type as "itemType", d.status, o.name as "organizationName", o.public_tag_pages as "publicTagPages",
      max(${effectiveDoneOnSql('dr', 'd', 'pd')}) filter (where r.active)::text as "lastInspectedOn",
      max(${effectiveDoneOnSql('dr', 'd', 'pd')}) filter (where r.active and coalesce(r.interval_months * 31, r.interval_days) > 31)::text as "lastMaintainedOn",
      min(dr.next_due_date) filter (where r.active)::text as "nextDueDate"
    from devices d
    join organizations o on o.id = d.organization_id
    left join device_requirements dr on dr.device_id = d.id
    left join requirements r on r.id = dr.requirement_id
    -- A plain completion of the activity counts for the device too (plain-completions.sql.ts).
    left join lateral (${plainDoneSql(sql`r.id = dr.requirement_id`)}) pd on true
    where d.tag = ${tag}
    group by d.id, o.id`);
  return result.rows[0];
}

export async function tagPagesEnabled(db: DbOrTx, organizationId: number): Promise<boolean> {
  const [row] = await db.select({ enabled: organizations.publicTagPages }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.enabled ?? false;
}

export async function setTagPages(db: DbOrTx, organizationId: number, enabled: boolean): Promise<boolean> {
  const [row] = await db
    .update(organizations)
    .set({ publicTagPages: enabled, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning({ enabled: organizations.publicTagPages });
  return row!.enabled;
}
