import { parentPort } from 'node:worker_threads';

/**
 * A stand-in drawing thread for the render pool's tests: each job says how to behave, as a
 * drawing can (answer, throw inside an asynchronous callback as pdfkit's PNG reader did, never
 * answer, or grow without end).
 */
type Job = { behave: 'answer' | 'throw-async' | 'hang' | 'grow'; text?: string };

const kept: unknown[] = [];

parentPort!.on('message', ({ id, job }: { id: number; job: Job }) => {
  switch (job.behave) {
    case 'answer': {
      const bytes = new TextEncoder().encode(job.text ?? 'ok');
      parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
      return;
    }
    case 'throw-async':
      setImmediate(() => {
        throw new Error('incorrect header check');
      });
      return;
    case 'hang':
      return;
    case 'grow':
      for (;;) kept.push(new Array(100_000).fill({ grow: kept.length }));
  }
});
