export type ReadAccounts<R extends { id: number }> = (ids: number[]) => Promise<R[]>;

interface Waiter<R> {
  resolve(row: R | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads account rows for many requests in one statement, without ever answering a request
 * from a read that began before it arrived.
 *
 * Every signed-in request reads its account's row (plugins/auth.ts) so that a logout, a
 * password change or a write made through another instance shows at once. Under load most of
 * those reads ask for the same few rows. At most one read is in flight; the requests that
 * arrive meanwhile wait for the next one, which is sent only after they arrived, so each of
 * them still sees every change committed before it came. A request that finds nothing in
 * flight is read at once, alone: no waiting when the server is quiet.
 */
export function coalescedAccountReads<R extends { id: number }>(read: ReadAccounts<R>): (id: number) => Promise<R | undefined> {
  let inFlight = false;
  let waiting = new Map<number, Waiter<R>[]>();

  function send(): void {
    inFlight = true;
    const batch = waiting;
    waiting = new Map();
    read([...batch.keys()]).then(
      (rows) => {
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const [id, waiters] of batch) {
          const row = byId.get(id);
          // Each request gets its own copy: one request's changes never show in another's.
          for (const w of waiters) w.resolve(row && { ...row });
        }
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    ).finally(() => {
      inFlight = false;
      if (waiting.size > 0) send();
    });
  }

  return (id) =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(id, [{ resolve, reject }]);
      if (!inFlight) send();
    });
}
