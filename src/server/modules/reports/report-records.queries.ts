import { sql } from 'drizzle-orm';
import type { DeficiencySeverity } from '@shared/records';
import type { DbOrTx } from '../../db/client';

/** Who performed the property's inspections of the year (inspector, licence as recorded, attestation), newest first. */
export function performedInspections(db: DbOrTx, organizationId: number, propertyId: number, since: string, limit: number) {
  return db.execute<{
    performed_on: string;
    inspection_type: string;
    inspector: string;
    licence_number: string | null;
    licence_expires_on: string | null;
    attested_by: string | null;
    attestation_role: 'performer' | 'recorder' | null;
  }>(sql`
    select to_char((i.completed_date at time zone o.time_zone)::date, 'YYYY-MM-DD') as performed_on, i.inspection_type,
      -- Without an inspector record, a signer who performed it is its inspector.
      coalesce(ins.name, case when i.attestation_role = 'performer' then i.attestation_name end, i.assigned_to) as inspector, i.inspector_licence_number as licence_number,
      to_char(i.inspector_licence_expires_on, 'YYYY-MM-DD') as licence_expires_on, i.attestation_name as attested_by,
      i.attestation_role
    from inspections i
    join organizations o on o.id = i.organization_id
    left join inspectors ins on ins.id = i.inspector_id
    where i.organization_id = ${organizationId} and i.property_id = ${propertyId} and i.status = 'completed'
      and (i.inspector_id is not null or i.inspector_licence_number is not null or i.attestation_name is not null)
      and i.completed_date is not null and (i.completed_date at time zone o.time_zone)::date >= ${since}::date
    order by i.completed_date desc, i.id desc
    limit ${limit}`);
}

/**
 * The property's deficiencies still open or corrected within the year, open and most severe
 * first, with the keys of their photos that are safe to embed.
 */
export function recordedDeficiencies(db: DbOrTx, organizationId: number, propertyId: number, since: string, limit: number) {
  return db.execute<{
    id: number;
    item_type: string;
    description: string;
    severity: DeficiencySeverity;
    location: string | null;
    corrective_action: string | null;
    due_by: string | null;
    found_on: string | null;
    corrected_on: string | null;
    corrected_by: string | null;
    correction_note: string | null;
    photo_keys: string[] | null;
    device_tag: string | null;
  }>(sql`
    select d.id, d.item_type, d.description, d.severity, d.location, d.corrective_action, d.due_by,
      to_char((i.completed_date at time zone o.time_zone)::date, 'YYYY-MM-DD') as found_on,
      d.corrected_on, d.corrected_by, d.correction_note, dv.tag as device_tag,
      -- Only photos the image codec wrote, and none that failed to decode (decision 024).
      (select array_agg(ph.storage_key order by ph.id) from deficiency_photos ph
        where ph.deficiency_id = d.id and ph.reencoded_at is not null and ph.quarantined_at is null) as photo_keys
    from deficiencies d
    join inspections i on i.id = d.inspection_id
    join organizations o on o.id = d.organization_id
    -- Found on a device in a walk-through: its tag, so the finding can be found on the wall.
    left join devices dv on dv.id = d.device_id
    where d.organization_id = ${organizationId} and d.property_id = ${propertyId}
      and (d.corrected_on is null or d.corrected_on >= ${since}::date)
    order by (d.corrected_on is null) desc, array_position(array['critical','impairment','non_critical']::deficiency_severity[], d.severity), d.id
    limit ${limit}`);
}
