import type { FastifyInstance } from 'fastify';

/**
 * A process being stopped (SIGTERM from a service manager or an orchestrator) first stops
 * looking ready, then lets what is in flight finish: /readyz answers 503 so that a load
 * balancer stops sending it requests, answers from then on ask the client to close its
 * connection, and the port closes once no request is in flight (after the drain time,
 * SHUTDOWN_DRAIN_SECONDS, which gives the balancer time to notice), or at the timeout.
 */
export interface Drain {
  /** True once the process was asked to stop: /readyz answers 503. */
  readonly stopping: boolean;
  /** Counts the requests in flight of this app (the app's own port and a metrics listener alike). */
  track(app: FastifyInstance): void;
  /** Starts stopping; resolves `idle` when nothing is in flight any more, or `timeout`. */
  begin(options: { drainMs: number; timeoutMs: number }): Promise<'idle' | 'timeout'>;
}

export function createDrain(): Drain {
  let stopping = false;
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();

  const ended = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const wake of idleWaiters) wake();
  };
  const untilIdle = () =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      const wake = () => {
        idleWaiters.delete(wake);
        resolve();
      };
      idleWaiters.add(wake);
    });

  return {
    get stopping() {
      return stopping;
    },
    track(app) {
      app.addHook('onRequest', async (_request, reply) => {
        inFlight += 1;
        let counted = true;
        // Whichever comes first: the answer handed to the connection, or the connection gone.
        const end = () => {
          if (!counted) return;
          counted = false;
          ended();
        };
        reply.raw.once('finish', end);
        reply.raw.once('close', end);
        if (stopping) reply.header('connection', 'close');
      });
    },
    async begin({ drainMs, timeoutMs }) {
      stopping = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const drained = (async () => {
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(drainMs, timeoutMs)));
        await untilIdle();
        return 'idle' as const;
      })();
      try {
        return await Promise.race([drained, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
