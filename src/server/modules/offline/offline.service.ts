import type pg from 'pg';
import type { z } from 'zod';
import type { unappliedChangeSchema } from '@shared/schemas/offline';
import type { Account } from '../../account';
import type { Db } from '../../db/client';
import { writeAccountData } from '../../cache/account-cache';
import { assertPropertyExists } from '../properties/properties.service';
import { keepUnappliedChange } from './offline.queries';

export interface OfflineDeps {
  db: Db;
  pool: pg.Pool;
}

/**
 * A change kept on a device that arrived after what it changed was deleted: nothing recorded
 * is lost, it stands in the property's and the organisation's history with what was recorded
 * (docs/offline.md). A property out of the caller's reach, or another organisation's, is 404.
 */
export async function keepUnapplied(deps: OfflineDeps, account: Account, input: z.output<typeof unappliedChangeSchema>): Promise<{ id: number }> {
  if (input.propertyId !== undefined) await assertPropertyExists(deps, account, input.propertyId);
  // In a transaction, so that its history event names who sent it; through the account's
  // cache, so the history read next shows it.
  const id = await writeAccountData(deps.pool, account.id, ({ db }) =>
    keepUnappliedChange(db, {
      organizationId: account.id,
      propertyId: input.propertyId ?? null,
      userId: account.userId,
      changeId: input.changeId,
      label: input.label,
      reason: input.reason,
      recorded: input.recorded,
      recordedAt: input.recordedAt,
    }),
  );
  return { id };
}
