import { offlineDb } from './db';
import { forgetSession } from './kept-session';
import { pruneUnreferencedAnswers } from './outbox-store';

/** Deletes a person's kept answers, in every organisation. */
export async function deleteKeptAnswers(userId: number): Promise<void> {
  const db = await offlineDb();
  const mine = (await db.getAllKeys('queryCache')).filter((key) => key.startsWith(`user:${userId}:`));
  await Promise.all(mine.map((key) => db.delete('queryCache', key)));
}

/**
 * Forgets the kept session and the answers kept for it (and for `userId`, when given), so the
 * next person on the device starts from nothing. Small and apart, for a signed-out page to call.
 */
export async function forgetOfflineData(userId?: number): Promise<void> {
  const kept = await forgetSession().catch(() => null);
  const people = new Set([userId, kept].filter((id): id is number => id != null));
  await Promise.all([...people].map((id) => deleteKeptAnswers(id).catch(() => undefined)));
  await pruneUnreferencedAnswers().catch(() => undefined);
}
