import { sql } from 'drizzle-orm';
import { CODE_SET_LABELS, isCodeSet, type CodeSet } from '@shared/code-sets';
import { todayInTimeZone } from '@shared/dates';
import type { InspectionType } from '@shared/enums';
import { intervalLabel } from '@shared/intervals';
import type { CodeSetChange, CodeSetDifference } from '@shared/schemas/code-set';
import { writeAccountData } from '../../cache/account-cache';
import type { Account } from '../../account';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { syncItems, syncProperties } from '../compliance/compliance-batch.queries';
import { settleWithRestarts } from '../compliance/restarts.queries';
import { accountContact } from '../auth/account-contact';
import { assertPropertyExists } from '../properties/properties.service';
import { applyCodeSetPlan, planCodeSetChange, unchangedMatch, type PlanRow } from './code-set-change.queries';
import type { RequirementsDeps } from './requirements.service';

/**
 * A property's code set and changing it (issue 37 §3): the differences first (preview), then
 * the change in one transaction. Nothing is deleted: a requirement the new set does not ask is
 * kept with its history and no longer applies; one it asks that the property lacks is added,
 * due now with its last date not known (decision 034).
 */

const intervalOf = (months: number | null, days: number | null) => intervalLabel({ intervalMonths: months, intervalDays: days }).toLowerCase();

/** What the requirement's change history says of the change. */
function detailOf(row: PlanRow, to: CodeSet): string {
  const label = CODE_SET_LABELS[to];
  if (row.kind === 'added') return `Added with the code set ${label}; last done not known`;
  if (row.kind === 'leaving') return `Code set changed to ${label}, which does not ask it: kept with its history, no longer applies`;
  const parts: string[] = [];
  if (row.activity !== row.new_activity) parts.push(`was "${row.activity}"`);
  if (row.interval_months !== row.new_interval_months || row.interval_days !== row.new_interval_days) {
    parts.push(`${intervalOf(row.interval_months, row.interval_days)}, now ${intervalOf(row.new_interval_months, row.new_interval_days)}`);
  }
  if (row.source !== row.new_source) parts.push(`source ${row.source ?? 'none'}, now ${row.new_source}`);
  if (row.applies !== row.new_applies) parts.push(row.new_applies ? 'applies again' : 'does not apply to the answers given about it');
  return `Code set changed to ${label}${parts.length ? `: ${parts.join('; ')}` : ''}`;
}

function differenceOf(row: PlanRow): CodeSetDifference {
  return {
    kind: row.kind === 'matched' ? 'changed' : row.kind,
    requirementId: row.requirement_id,
    itemType: row.item_type,
    before:
      row.kind === 'added'
        ? null
        : { activity: row.activity!, intervalMonths: row.interval_months, intervalDays: row.interval_days, source: row.source },
    after:
      row.kind === 'leaving'
        ? null
        : { activity: row.new_activity!, intervalMonths: row.new_interval_months, intervalDays: row.new_interval_days, source: row.new_source },
  };
}

async function currentSet(db: DbOrTx, organizationId: number, propertyId: number, lock: boolean): Promise<{ codeSet: CodeSet; requirements: number }> {
  const result = await db.execute<{ code_set: string; requirements: number }>(sql`
    select p.code_set, (select count(*)::int from requirements r where r.property_id = p.id) as requirements
    from properties p where p.id = ${propertyId} and p.organization_id = ${organizationId} ${lock ? sql`for update of p` : sql``}`);
  const row = result.rows[0];
  if (!row) throw notFound('Property not found');
  return { codeSet: isCodeSet(row.code_set) ? row.code_set : 'us-nfpa', requirements: row.requirements };
}

function summarise(from: CodeSet, to: CodeSet, plan: PlanRow[], requirements: number): CodeSetChange {
  const differences = from === to ? [] : plan.filter((row) => !unchangedMatch(row)).map(differenceOf);
  return { from, to, differences, unchanged: requirements - differences.filter((d) => d.kind !== 'added').length };
}

/** What changing the property's set would do, changing nothing. */
export async function previewCodeSetChange(deps: RequirementsDeps, account: Account, propertyId: number, to: CodeSet): Promise<CodeSetChange> {
  await assertPropertyExists(deps, account, propertyId);
  const { codeSet: from, requirements } = await currentSet(deps.db, account.id, propertyId, false);
  const plan = from === to ? [] : await planCodeSetChange(deps.db, [{ propertyId, codeSet: to }]);
  return summarise(from, to, plan, requirements);
}

/**
 * Moves properties to code sets in the caller's transaction, each with its own `today` (the
 * day in its organisation's zone): the plan applied, then every touched requirement, item and
 * property settled. Returns each property's plan.
 */
export async function moveToCodeSets(
  db: DbOrTx,
  targets: readonly { propertyId: number; codeSet: CodeSet; today: string }[],
  changedBy: string,
): Promise<Map<number, PlanRow[]>> {
  const plan = await planCodeSetChange(db, targets);
  const byProperty = new Map<number, PlanRow[]>(targets.map((t) => [t.propertyId, []]));
  for (const row of plan) byProperty.get(row.property_id)!.push(row);
  const target = new Map(targets.map((t) => [t.propertyId, t]));
  const toApply = plan
    .filter((row) => !unchangedMatch(row))
    .map((row) => ({ ...row, detail: detailOf(row, target.get(row.property_id)!.codeSet), today: target.get(row.property_id)!.today }));
  const ids = await applyCodeSetPlan(db, toApply, targets, changedBy);
  // Every touched requirement counts again from its own inspections with its new interval.
  const days = new Set(targets.map((t) => t.today));
  for (const day of days) {
    const properties = new Set(targets.filter((t) => t.today === day).map((t) => t.propertyId));
    const touched = await db.execute<{ id: number }>(sql`
      select id from requirements where id = any(${`{${ids.join(',')}}`}::int[]) and property_id = any(${`{${[...properties].join(',')}}`}::int[])`);
    // With the restarts settle applies: a 6-year examination keeps a 12-year test's day.
    await settleWithRestarts(db, touched.rows.map((r) => r.id), day);
  }
  const items = new Map<string, { propertyId: number; itemType: InspectionType }>();
  for (const row of plan) items.set(`${row.property_id}:${row.item_type}`, { propertyId: row.property_id, itemType: row.item_type });
  await syncItems(db, [...items.values()]);
  await syncProperties(db, targets.map((t) => t.propertyId));
  return byProperty;
}

/** Changes the property's code set: the differences previewCodeSetChange lists, applied at once. */
export async function changeCodeSet(deps: RequirementsDeps, account: Account, propertyId: number, to: CodeSet): Promise<CodeSetChange> {
  await assertPropertyExists(deps, account, propertyId);
  const today = todayInTimeZone(account.timeZone, new Date());
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    // Locked: two changes of the same property one after the other, never interleaved.
    const { codeSet: from, requirements } = await currentSet(db, account.id, propertyId, true);
    if (from === to) return summarise(from, to, [], requirements);
    const changedBy = (await accountContact(db, account.userId)).name;
    const plans = await moveToCodeSets(db, [{ propertyId, codeSet: to, today }], changedBy);
    return summarise(from, to, plans.get(propertyId) ?? [], requirements);
  });
}
