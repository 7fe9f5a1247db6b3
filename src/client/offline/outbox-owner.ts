import { offlineDb } from './db';

/** Who is signed in on this device, and so whose changes may be sent. */
export interface OutboxOwner {
  userId: number;
  organizationId: number;
}

const OWNER_KEY = 'owner';

/**
 * Set by the sign-in state (AuthProvider): a change is recorded for this person and sent only
 * while they are signed in, since the server applies what it receives as the session's person.
 * Kept in the device store as well, so the service worker's Background Sync knows it too.
 */
export async function setOutboxOwner(owner: OutboxOwner | null): Promise<void> {
  const db = await offlineDb();
  await db.put('meta', owner, OWNER_KEY);
}

export async function outboxOwner(): Promise<OutboxOwner | null> {
  const db = await offlineDb();
  const owner = (await db.get('meta', OWNER_KEY)) as OutboxOwner | null | undefined;
  return owner && typeof owner.userId === 'number' && typeof owner.organizationId === 'number' ? owner : null;
}

/**
 * The owner, waiting up to `ms` for it: just after the app opens, a screen may record before
 * the sign-in state has told the outbox who is signed in (OutboxSync sets it after first paint).
 */
export async function awaitOutboxOwner(ms = 5000): Promise<OutboxOwner | null> {
  const until = Date.now() + ms;
  for (;;) {
    const owner = await outboxOwner();
    if (owner || Date.now() >= until) return owner;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
