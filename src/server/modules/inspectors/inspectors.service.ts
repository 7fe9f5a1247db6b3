import type pg from 'pg';
import { todayInTimeZone } from '@shared/dates';
import { licenceExpired } from '@shared/records';
import type { Inspector, InspectorValues } from '@shared/schemas/inspector';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { notFound, validationFailed } from '../../errors';
import type { Account } from '../../account';
import * as q from './inspectors.queries';

export interface InspectorsDeps {
  db: Db;
  pool: pg.Pool;
}

const inspectorNotFound = () => notFound('Inspector not found');

export function toInspector(row: q.InspectorRow, today: string): Inspector {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    licenceNumber: row.licenceNumber,
    licenceExpiresOn: row.licenceExpiresOn,
    email: row.email,
    licenceExpired: licenceExpired(row.licenceExpiresOn, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());

export async function listInspectors(deps: InspectorsDeps, account: Account): Promise<Inspector[]> {
  const day = today(account);
  return (await q.listInspectors(deps.db, account.id)).map((row) => toInspector(row, day));
}

export async function getInspector(deps: InspectorsDeps, account: Account, id: number): Promise<Inspector> {
  const row = await q.findInspector(deps.db, account.id, id);
  if (!row) throw inspectorNotFound();
  return toInspector(row, today(account));
}

/** In a transaction of its own, so that an Idempotency-Key commits with the inspector (db/idempotency.ts). */
export async function createInspector(deps: InspectorsDeps, account: Account, values: InspectorValues): Promise<Inspector> {
  return toInspector(await withTransaction(deps.pool, (tx) => q.insertInspector(tx.db, account.id, values)), today(account));
}

export async function updateInspector(deps: InspectorsDeps, account: Account, id: number, values: InspectorValues): Promise<Inspector> {
  const row = await q.updateInspector(deps.db, account.id, id, values);
  if (!row) throw inspectorNotFound();
  return toInspector(row, today(account));
}

/** Inspections keep their display name and the licence recorded at completion. */
export async function deleteInspector(deps: InspectorsDeps, account: Account, id: number): Promise<void> {
  if (!(await q.deleteInspector(deps.db, account.id, id))) throw inspectorNotFound();
}

/**
 * The inspector an inspection names, which must be the account's own; another account's id
 * is refused like an unknown one. An expired licence is recorded and shown, never refused.
 */
export async function ownInspector(db: DbOrTx, account: Account, id: number | undefined): Promise<q.InspectorRow | undefined> {
  if (id === undefined) return undefined;
  const row = await q.findInspector(db, account.id, id);
  if (!row) throw validationFailed({ inspectorId: ['Choose one of your inspectors'] });
  return row;
}
