import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { UNDO_SECONDS, type UndoKind } from '@shared/undo';
import type { UndoResult } from '@shared/schemas/undo';
import type { Action } from '@shared/permissions';
import type { Account } from '../../account';
import { assertCan, canReachProperty } from '../../access';
import type { DbOrTx } from '../../db/client';
import { writeAccountData } from '../../cache/account-cache';
import { conflict, notFound } from '../../errors';
import { assertRestoreFits, lockAccountForLimits, planCounts } from '../subscription/subscription.service';
import { syncDevicesOfProperty } from '../devices/device-requirements.queries';
import * as q from './undo.queries';

/**
 * The toast offers undo for UNDO_SECONDS; the server allows a little more, for the request
 * that leaves at the last moment to arrive.
 */
export const UNDO_GRACE_SECONDS = 5;

/** What an undoable action took before changing anything, inside its own transaction. */
export interface UndoPoint {
  organizationId: number;
  propertyId: number;
  /** The inspection acted on; null when the action deletes the property (all of it is kept). */
  inspectionId: number | null;
  kind: UndoKind;
  before: q.PropertySnapshot;
}

const scopeOf = (point: { propertyId: number; inspectionId: number | null }): q.UndoScope => ({ propertyId: point.propertyId, inspectionId: point.inspectionId });

/**
 * Call first in an undoable action's transaction: takes the account lock (so the account's
 * compliance changes happen one at a time and `before` is exactly what this action changed
 * from), then keeps the property's rows.
 */
export async function beginUndoable(db: DbOrTx, input: Omit<UndoPoint, 'before'>): Promise<UndoPoint> {
  await lockAccountForLimits(db, input.organizationId);
  return { ...input, before: await q.snapshotProperty(db, scopeOf(input)) };
}

/** Call last in the same transaction: the token the client undoes it by. */
export async function finishUndoable(db: DbOrTx, point: UndoPoint, now = new Date()): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await q.insertUndo(db, {
    id,
    ...point,
    afterFingerprint: await q.fingerprintProperty(db, scopeOf(point)),
    expiresAt: new Date(now.getTime() + (UNDO_SECONDS + UNDO_GRACE_SECONDS) * 1000),
  });
  return id;
}

/** Undoing a change is making it back: it needs the action the change needed. */
const UNDO_ACTIONS: Record<UndoKind, Action> = {
  complete_inspection: 'inspections.complete',
  reschedule_inspection: 'inspections.schedule',
  edit_inspection: 'inspections.schedule',
  delete_inspection: 'inspections.delete',
  delete_property: 'properties.delete',
  correct_deficiency: 'deficiencies.record',
};

/**
 * Whether the caller reaches the change's property: a deleted property is given to nobody
 * any more, so a limited member reaches it when they were among those it was given to.
 */
async function reachedProperty(db: DbOrTx, account: Account, row: q.UndoRow): Promise<boolean> {
  if (canReachProperty(account, row.property_id)) return true;
  if (row.kind !== 'delete_property') return false;
  const given = (row.before.membership_properties ?? []) as { membership_id: number }[];
  return q.isOwnMembership(db, given.map((g) => g.membership_id), account.id, account.userId);
}

/**
 * Puts the property back exactly as it was before the action: owner-scoped (another
 * account's token is not found), once, in time, and only if nothing changed since. Nothing
 * is mailed: mail the action sent stays sent, and reminders already logged stay logged.
 */
export async function undo(deps: { pool: pg.Pool }, account: Account, token: string, now = new Date()): Promise<UndoResult> {
  // The restored rows show in the account's cached lists and counts at once (account-cache.ts).
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    const row = await q.lockUndo(db, account.id, token);
    if (!row) throw notFound('Nothing to undo');
    // The token goes only to whoever made the change; a member whose role or properties no
    // longer allow it (or who was handed the token) is refused as the change itself would be.
    assertCan(account, UNDO_ACTIONS[row.kind as UndoKind]);
    if (!(await reachedProperty(db, account, row))) throw notFound('Nothing to undo');
    if (row.used_at) throw conflict('This was already undone.');
    if (new Date(row.expires_at).getTime() <= now.getTime()) {
      throw conflict(`Too late to undo: undo is available for ${UNDO_SECONDS} seconds after the change. Make the change back by hand.`);
    }
    await lockAccountForLimits(db, account.id);
    const scope = { propertyId: row.property_id, inspectionId: row.inspection_id };
    if ((await q.fingerprintProperty(db, scope)) !== row.after_fingerprint) {
      throw conflict('This can no longer be undone: the property changed after it. Make the change back by hand.');
    }
    const counts = await planCounts(db, account.id);
    await q.restoreProperty(db, scope, row.before);
    // A plain completion counts for the property's devices, read from the inspection (decision
    // 042): their clocks are counted again from the inspection as it is back.
    if (row.inspection_id !== null) await syncDevicesOfProperty(db, row.property_id);
    // An undone deletion or completion must still fit the plan as it is now.
    await assertRestoreFits(db, account.id, counts, now);
    await q.markUsed(db, row.id, now);
    return { kind: row.kind as UndoKind, propertyId: row.property_id };
  });
}
