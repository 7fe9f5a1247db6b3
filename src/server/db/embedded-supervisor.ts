export interface SupervisorOptions {
  isRunning(): boolean;
  /** Starts the server again; rejects when it did not start. */
  restart(): Promise<void>;
  log(message: string): void;
}

export interface Supervisor {
  /** Stops watching; waits for a restart in progress, so none happens after this resolves. */
  stop(): Promise<void>;
}

export const CHECK_EVERY_MS = 500;
export const MAX_BACKOFF_MS = 30_000;

/**
 * Starts the embedded server again when it dies while the app runs (killed, out of memory):
 * checked every half second; while it will not start, attempts are spaced 0.5 s, 1 s, 2 s ...
 * up to 30 s apart. Requests answer 503 in the meantime.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake = () => undefined as void;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref(); // never what keeps the process alive
    });

  const loop = (async () => {
    let wait = CHECK_EVERY_MS;
    let backoff = CHECK_EVERY_MS;
    while (!stopped) {
      await sleep(wait);
      if (stopped || options.isRunning()) {
        wait = backoff = CHECK_EVERY_MS;
        continue;
      }
      if (backoff === CHECK_EVERY_MS) options.log('The embedded PostgreSQL has stopped; starting it again');
      try {
        await options.restart();
        options.log('The embedded PostgreSQL is running again');
        wait = backoff = CHECK_EVERY_MS;
      } catch (error) {
        wait = backoff;
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        options.log(`The embedded PostgreSQL did not start (${reason}); trying again in ${wait / 1000} s`);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake();
      await loop;
    },
  };
}
