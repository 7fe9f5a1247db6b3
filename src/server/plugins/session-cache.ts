/**
 * Which account a session token belongs to, remembered for a short while so most requests
 * need not look the session up.
 *
 * Why it is safe across instances: an entry holds the account's session version as read in
 * the same statement as the session row. Ending a session (logout, logout everywhere, a
 * password change or reset) raises that version in the same statement that deletes the rows
 * (auth.queries.ts), and every request reads the account's row, version included, before
 * trusting an entry. So after a logout on any instance, the next request anywhere finds a
 * different version, looks the session up again and finds none.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  userId: number;
  /** The organisation the session acts on, as its row said when remembered. */
  organizationId: number | null;
  sessionVersion: number;
  expiresAt: number;
  lastSeenAt: number;
}

export interface SessionCache {
  get(tokenHash: string, now: number): CachedSession | undefined;
  set(tokenHash: string, session: CachedSession, now: number): void;
  drop(tokenHash: string): void;
}

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS): SessionCache {
  const entries = new Map<string, CachedSession & { cachedAt: number }>();
  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now - entry.cachedAt >= ttlMs || now >= entry.expiresAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    set(tokenHash, session, now) {
      entries.delete(tokenHash);
      entries.set(tokenHash, { ...session, cachedAt: now });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    drop(tokenHash) {
      entries.delete(tokenHash);
    },
  };
}
