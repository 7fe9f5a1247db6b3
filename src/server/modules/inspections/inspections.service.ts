import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { noonInTimeZone, todayInTimeZone } from '@shared/dates';
import type { InspectionType } from '@shared/enums';
import { completeInspectionSchema, inspectionEditSchema, rescheduleSchema, type Inspection, type InspectionValues } from '@shared/schemas/inspection';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { MailLog } from '../../email/quota';
import { conflict, notFound, validationFailed } from '../../errors';
import { parse } from '../../validation';
import { ensureItemForSchedule, recordInspection, refreshPropertyStatuses, settleNeverInspectedItem } from '../compliance/compliance.queries';
import { assertPropertyExists, type Account } from '../properties/properties.service';
import { assertCanAddOpenInspection } from '../subscription/subscription.service';
import { queueComplianceAlert } from './compliance-alert';
import * as q from './inspections.queries';

export interface InspectionsDeps {
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  config: Config;
  log?: MailLog;
}

const inspectionNotFound = () => notFound('Inspection not found');
const isOpen = (status: string) => status === 'scheduled' || status === 'in_progress';
const today = (account: Account, now = new Date()) => todayInTimeZone(account.timeZone, now);

export function listInspections(deps: InspectionsDeps, account: Account, filter: q.InspectionFilter) {
  return q.listInspections(deps.db, account.id, filter, today(account));
}

export async function getInspection(deps: InspectionsDeps, account: Account, id: number): Promise<Inspection> {
  const found = await q.findInspection(deps.db, account.id, id, today(account));
  if (!found) throw inspectionNotFound();
  return found;
}

async function afterItemChange(db: DbOrTx, propertyId: number): Promise<void> {
  await refreshPropertyStatuses(db, { propertyIds: [propertyId] }, new Date());
}

export async function scheduleInspection(deps: InspectionsDeps, account: Account, values: InspectionValues): Promise<Inspection> {
  // A property that is not yours does not exist for you (404), even to schedule against.
  await assertPropertyExists(deps, account, values.propertyId);
  const id = await withTransaction(deps.pool, async ({ db }) => {
    await assertCanAddOpenInspection(db, account.id);
    const inserted = await q.insertInspection(db, { ...values, userId: account.id, status: 'scheduled' });
    await ensureItemForSchedule(db, values.propertyId, values.inspectionType, values.dueDate);
    await afterItemChange(db, values.propertyId);
    return inserted;
  }).catch((error: unknown) => {
    // The property was deleted between the check above and the insert.
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    throw cause.code === '23503' ? notFound('Property not found') : error;
  });
  return getInspection(deps, account, id);
}

/** The three shapes of PUT /api/inspections/{id} (SPEC 7), told apart by their fields. */
export function updateShape(body: unknown): 'complete' | 'reschedule' | 'edit' {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (b.status === 'completed') return 'complete';
  const keys = Object.keys(b);
  if ('rescheduleReason' in b || (keys.length > 0 && keys.every((k) => k === 'dueDate'))) return 'reschedule';
  return 'edit';
}

export async function updateInspection(deps: InspectionsDeps, account: Account, id: number, body: unknown): Promise<Inspection> {
  const shape = updateShape(body);
  if (shape === 'complete') await complete(deps, account, id, parse(completeInspectionSchema, body));
  else if (shape === 'reschedule') await reschedule(deps, account, id, parse(rescheduleSchema, body));
  else await edit(deps, account, id, parse(inspectionEditSchema, body));
  return getInspection(deps, account, id);
}

async function lockOwn(db: DbOrTx, account: Account, id: number) {
  const row = await q.lockInspection(db, account.id, id);
  if (!row) throw inspectionNotFound();
  return row;
}

/** The calendar day an inspection was done: as given, or the account's today. */
function completionDay(account: Account, completedDate: string | undefined): { at: Date; day: string } {
  const now = new Date();
  if (!completedDate) return { at: now, day: today(account, now) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(completedDate)) {
    return { at: completedDate === today(account, now) ? now : noonInTimeZone(completedDate, account.timeZone), day: completedDate };
  }
  const at = new Date(completedDate);
  if (Number.isNaN(at.getTime())) throw validationFailed({ completedDate: ['Completion date is not a valid date'] });
  return { at, day: today(account, at) };
}

/**
 * Completing moves the compliance item in the same transaction (DECISIONS): with a result the
 * item takes it; without one (Quick Complete) only its dates move.
 */
async function complete(deps: InspectionsDeps, account: Account, id: number, input: z.output<typeof completeInspectionSchema>) {
  const { at, day } = completionDay(account, input.completedDate);
  if (day > today(account)) throw validationFailed({ completedDate: ['Completion date cannot be in the future'] });
  await withTransaction(deps.pool, async (tx) => {
    const { db } = tx;
    const row = await lockOwn(db, account, id);
    if (!isOpen(row.status)) throw conflict(`This inspection is already ${row.status}.`);
    await q.updateInspection(db, id, {
      status: 'completed',
      completedDate: at,
      complianceResult: input.complianceStatus ?? null,
      ...(input.notes ? { notes: input.notes } : {}),
    });
    await recordInspection(db, {
      propertyId: row.propertyId,
      itemType: row.inspectionType,
      inspectedOn: day,
      result: input.complianceStatus ?? null,
      notes: input.notes,
    });
    await afterItemChange(db, row.propertyId);
    if (input.complianceStatus === 'non_compliant') {
      await queueComplianceAlert(tx, deps, {
        userId: account.id,
        propertyId: row.propertyId,
        inspectionType: row.inspectionType,
        inspectedOn: day,
        notes: input.notes ?? '',
      });
    }
  });
}

async function reschedule(deps: InspectionsDeps, account: Account, id: number, input: z.output<typeof rescheduleSchema>) {
  if (input.dueDate < today(account)) throw validationFailed({ dueDate: ['Choose today or a later date'] });
  await withTransaction(deps.pool, async ({ db }) => {
    const row = await lockOwn(db, account, id);
    if (!isOpen(row.status)) throw conflict(`A ${row.status} inspection cannot be rescheduled.`);
    await q.updateInspection(db, id, { dueDate: input.dueDate, rescheduleReason: input.rescheduleReason });
    await settleNeverInspectedItem(db, row.propertyId, row.inspectionType);
    await afterItemChange(db, row.propertyId);
  });
}

async function edit(deps: InspectionsDeps, account: Account, id: number, input: z.output<typeof inspectionEditSchema>) {
  await withTransaction(deps.pool, async ({ db }) => {
    const row = await lockOwn(db, account, id);
    // The edit form sends every field; only values that differ are changes.
    const changesSchedule =
      (input.status !== undefined && input.status !== row.status) ||
      (input.dueDate !== undefined && input.dueDate !== row.dueDate) ||
      (input.inspectionType !== undefined && input.inspectionType !== row.inspectionType);
    if (!isOpen(row.status) && changesSchedule) {
      if (!(row.status === 'cancelled' && input.status && isOpen(input.status))) {
        throw conflict(`A ${row.status} inspection keeps its type, date and status; only its assignee and notes can change.`);
      }
    }
    if (row.status === 'cancelled' && input.status && isOpen(input.status)) {
      await assertCanAddOpenInspection(db, account.id);
    }
    await q.updateInspection(db, id, input);
    const types = new Set<InspectionType>([row.inspectionType, input.inspectionType ?? row.inspectionType]);
    const nowOpen = isOpen(input.status ?? row.status);
    if (nowOpen) await ensureItemForSchedule(db, row.propertyId, input.inspectionType ?? row.inspectionType, input.dueDate ?? row.dueDate);
    for (const type of types) await settleNeverInspectedItem(db, row.propertyId, type);
    await afterItemChange(db, row.propertyId);
  });
}

/** Deleting recomputes the property's compliance (an item never inspected may go with it). */
export async function deleteInspection(deps: InspectionsDeps, account: Account, id: number): Promise<void> {
  await withTransaction(deps.pool, async ({ db }) => {
    const row = await lockOwn(db, account, id);
    await q.deleteInspection(db, id);
    await settleNeverInspectedItem(db, row.propertyId, row.inspectionType);
    await afterItemChange(db, row.propertyId);
  });
}

export async function reminderLogs(deps: InspectionsDeps, account: Account, id: number) {
  await getInspection(deps, account, id);
  return q.listReminderLogs(deps.db, account.id, id);
}
