import { Worker } from 'node:worker_threads';

/**
 * PDFs are drawn in worker threads, never on the thread that answers requests: pdfkit lays
 * out text and images synchronously, so one heavy report drawn in the server's own thread
 * stalls every other request (issue 29: /healthz at 7 s, pool time-outs read as a lost
 * database). Each drawing has a time limit and each worker a heap limit; a worker that runs
 * out of either is ended and a new one takes its place, so a hostile or huge report fails
 * alone. The queue is bounded: past it a report is refused at once rather than waiting.
 */
export interface RenderPoolOptions {
  /** The worker's module: it answers each `{ id, job }` message with `{ id, bytes }` or `{ id, error }`. */
  workerFile: URL;
  size: number;
  timeoutMs: number;
  memoryMb: number;
  /** Drawings waiting for a free worker beyond which a new one is refused. */
  maxQueue: number;
  /** Drawn PDFs larger than this are refused (the bytes are dropped in the worker). */
  maxBytes: number;
  /** Run the worker's TypeScript source (tests, `npm run dev`) instead of the built file. */
  fromSources?: boolean;
  onWorkerLost?: (reason: RenderFailure['reason'], detail: string) => void;
}

export class RenderFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'crash' | 'busy' | 'too_large' | 'closed',
    message: string,
  ) {
    super(message);
  }
}

interface Task {
  job: unknown;
  transfer: ArrayBuffer[];
  resolve: (bytes: Buffer) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task?: Task & { id: number; timer: NodeJS.Timeout };
}

export interface RenderPool {
  render(job: unknown, transfer?: ArrayBuffer[]): Promise<Buffer>;
  /** Drawings under way and waiting, for /metrics and the tests. */
  stats(): { busy: number; queued: number };
  close(): Promise<void>;
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const entry = options.fromSources ? new URL('./typescript-worker.mjs', import.meta.url) : options.workerFile;
    const worker = new Worker(entry, {
      workerData: { maxBytes: options.maxBytes, entry: options.workerFile.href },
      // The heap limit is the worker's own; the server's heap is untouched by a failed drawing.
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    // A worker waiting for work must not keep the process alive at shutdown.
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: { reason?: RenderFailure['reason']; message: string } }) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      clearTimeout(task.timer);
      slot.task = undefined;
      if (message.bytes) task.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else task.reject(new RenderFailure(message.error?.reason ?? 'crash', message.error?.message ?? 'The report could not be drawn.'));
      next();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const reason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      replace(slot, reason, error.message);
    });
    worker.on('exit', () => replace(slot, 'crash', 'the worker exited'));
    return slot;
  };

  /** Ends a worker's drawing with a failure and puts a fresh worker in its place. */
  const replace = (slot: Slot, reason: RenderFailure['reason'], detail: string) => {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    const task = slot.task;
    slot.task = undefined;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    if (task) {
      clearTimeout(task.timer);
      task.reject(new RenderFailure(reason, detail));
      options.onWorkerLost?.(reason, detail);
    }
    if (!closed) next();
  };

  /** Gives waiting drawings to idle workers, starting workers (up to `size`) only when needed. */
  const next = () => {
    while (queue.length > 0) {
      let slot = slots.find((s) => !s.task);
      if (!slot) {
        if (slots.length >= options.size) return;
        slot = spawn();
        slots.push(slot);
      }
      const task = queue.shift()!;
      const id = nextId++;
      try {
        slot.worker.postMessage({ id, job: task.job }, task.transfer);
      } catch (error) {
        // A job that cannot be sent (not cloneable) fails alone; the thread stays free.
        task.reject(new RenderFailure('crash', error instanceof Error ? error.message : String(error)));
        continue;
      }
      const timer = setTimeout(() => replace(slot, 'timeout', `no answer in ${options.timeoutMs} ms`), options.timeoutMs);
      slot.task = { ...task, id, timer };
    }
  };

  return {
    render(job, transfer = []) {
      if (closed) return Promise.reject(new RenderFailure('closed', 'The server is stopping.'));
      if (queue.length >= options.maxQueue) {
        return Promise.reject(new RenderFailure('busy', `${queue.length} reports are already waiting`));
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job, transfer, resolve, reject });
        next();
      });
    },
    stats: () => ({ busy: slots.filter((s) => s.task).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new RenderFailure('closed', 'The server is stopping.'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          slot.worker.removeAllListeners();
          // An error the thread reports while it ends must not become the server's exception.
          slot.worker.on('error', () => undefined);
          if (slot.task) {
            clearTimeout(slot.task.timer);
            slot.task.reject(new RenderFailure('closed', 'The server is stopping.'));
          }
          return slot.worker.terminate();
        }),
      );
    },
  };
}
