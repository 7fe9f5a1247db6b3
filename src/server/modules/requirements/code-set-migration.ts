import { sql } from 'drizzle-orm';
import { isCodeSet } from '@shared/code-sets';
import { todayInTimeZone } from '@shared/dates';
import type { Db } from '../../db/client';
import { moveToCodeSets } from './code-set.service';

/** Who the requirements' change history names for a move the migration made. */
export const MIGRATION_ACTOR = 'Firemark (code set migration)';

/**
 * Brings requirements to their property's code set where a migration set it (0037: Canadian
 * properties to ca-nfc or ca-on): after syncLibrary, since the new set's library rows must exist.
 * A property needs it while one of its requirements that applies still comes from another set's
 * row; once moved, none does (rows that left no longer apply), so running it again does
 * nothing. A change through the API leaves nothing to do either. Properties on the default set
 * are not looked at: a migration only ever moves properties away from it.
 */
export async function moveRequirementsToCodeSets(db: Db, now: Date = new Date()): Promise<number> {
  const found = await db.execute<{ id: number; code_set: string; time_zone: string }>(sql`
    select p.id, p.code_set, o.time_zone from properties p
    join organizations o on o.id = p.organization_id
    where p.code_set <> 'us-nfpa' and exists (
      select 1 from requirements r join requirement_library l on l.id = r.library_id
      where r.property_id = p.id and r.applies and l.code_set <> p.code_set)
    order by p.id`);
  const targets = found.rows.flatMap((row) =>
    isCodeSet(row.code_set) ? [{ propertyId: row.id, codeSet: row.code_set, today: todayInTimeZone(row.time_zone, now) }] : [],
  );
  if (!targets.length) return 0;
  await db.transaction((tx) => moveToCodeSets(tx, targets, MIGRATION_ACTOR));
  return targets.length;
}
