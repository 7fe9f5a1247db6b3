import type { SessionUser } from '@shared/schemas/auth';
import { offlineDb } from './db';

/**
 * The signed-in person as the last session check answered, kept on the device so that the app
 * opens signed in without a network (docs/offline.md, "What works offline"). Only a failed
 * network uses it: a 401 still signs out, and signing out forgets it.
 */
const KEY = 'session';

interface KeptSession {
  user: SessionUser;
  /** ISO time the server last confirmed it. */
  at: string;
}

export async function keepSession(user: SessionUser): Promise<void> {
  const db = await offlineDb();
  await db.put('meta', { user, at: new Date().toISOString() } satisfies KeptSession, KEY);
}

export async function keptSession(): Promise<SessionUser | null> {
  const db = await offlineDb();
  const kept = (await db.get('meta', KEY)) as KeptSession | undefined;
  return kept?.user ?? null;
}

/** Forgets the kept session; resolves with the person it was for, if any. */
export async function forgetSession(): Promise<number | null> {
  const db = await offlineDb();
  const kept = (await db.get('meta', KEY)) as KeptSession | undefined;
  await db.delete('meta', KEY);
  return kept?.user.id ?? null;
}
