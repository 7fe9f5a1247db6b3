import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Which of these tags a device has anywhere, and whether that device is the organisation's
 * own: tags are unique across Firemark (a label's URL names no organisation), so a tag of
 * another organisation's device cannot be imported either. Served by devices_tag_key.
 */
export async function tagsTaken(db: DbOrTx, organizationId: number, tags: readonly string[]): Promise<Map<string, 'ours' | 'elsewhere'>> {
  if (tags.length === 0) return new Map();
  const result = await db.execute<{ tag: string; ours: boolean }>(sql`
    select tag, organization_id = ${organizationId} as ours from devices where tag = any(${textArray(tags)}::text[])`);
  return new Map(result.rows.map((r) => [r.tag, r.ours ? 'ours' : 'elsewhere']));
}

/**
 * The organisation's devices whose serial number is one of these, compared without case,
 * spaces or dashes (serialKey in src/shared/device-import.ts). Narrowed first by
 * devices_serial_idx (organisation, serial present); an organisation's devices are thousands
 * at most.
 */
export async function serialsTaken(db: DbOrTx, organizationId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const result = await db.execute<{ key: string }>(sql`
    select distinct regexp_replace(upper(serial_number), '[^A-Z0-9]', '', 'g') as key
    from devices
    where organization_id = ${organizationId} and serial_number is not null
      and regexp_replace(upper(serial_number), '[^A-Z0-9]', '', 'g') = any(${textArray(keys)}::text[])`);
  return new Set(result.rows.map((r) => r.key));
}
