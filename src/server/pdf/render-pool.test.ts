import { afterEach, describe, expect, it } from 'vitest';
import { createRenderPool, RenderFailure, type RenderPool, type RenderPoolOptions } from './render-pool';

const workerFile = new URL('../testing/render-test-worker.ts', import.meta.url);
let pool: RenderPool | undefined;

function poolWith(options: Partial<RenderPoolOptions> = {}): RenderPool {
  pool = createRenderPool({ workerFile, fromSources: true, size: 1, timeoutMs: 10_000, memoryMb: 64, maxQueue: 5, maxBytes: 1024, ...options });
  return pool;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof RenderFailure ? error.reason : String(error)),
  );

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the report-drawing threads', () => {
  it('answers with what the thread drew', async () => {
    const bytes = await poolWith().render({ behave: 'answer', text: 'PDF' });
    expect(bytes.toString()).toBe('PDF');
  });

  it('fails only the drawing whose thread throws inside a callback, and the next drawing works', async () => {
    const p = poolWith();
    expect(await failureOf(p.render({ behave: 'throw-async' }))).toBe('crash');
    expect((await p.render({ behave: 'answer', text: 'after' })).toString()).toBe('after');
  });

  it('stops a drawing that runs past its time, and the next drawing works', async () => {
    const p = poolWith({ timeoutMs: 3_000 });
    expect(await failureOf(p.render({ behave: 'hang' }))).toBe('timeout');
    expect((await p.render({ behave: 'answer' })).toString()).toBe('ok');
  });

  it('stops a drawing that outgrows its heap, and the next drawing works', async () => {
    const p = poolWith({ memoryMb: 64 });
    expect(await failureOf(p.render({ behave: 'grow' }))).toBe('memory');
    expect((await p.render({ behave: 'answer' })).toString()).toBe('ok');
  });

  it('fails a drawing whose data cannot be sent to a thread, and the next drawing works', async () => {
    const p = poolWith();
    expect(await failureOf(p.render({ behave: 'answer', text: () => 'a function cannot be cloned' }))).toBe('crash');
    expect((await p.render({ behave: 'answer' })).toString()).toBe('ok');
  });

  it('refuses a drawing at once when too many are waiting', async () => {
    const p = poolWith({ maxQueue: 1, timeoutMs: 2_000 });
    const drawing = failureOf(p.render({ behave: 'hang' }));
    const waiting = failureOf(p.render({ behave: 'hang' }));
    expect(await failureOf(p.render({ behave: 'answer' }))).toBe('busy');
    expect(p.stats()).toEqual({ busy: 1, queued: 1 });
    await p.close();
    expect([await drawing, await waiting]).toEqual(['closed', 'closed']);
  });

  it('draws several at once with more threads', async () => {
    const p = poolWith({ size: 2, timeoutMs: 4_000 });
    const hung = failureOf(p.render({ behave: 'hang' }));
    // The second thread answers while the first is still busy.
    expect((await p.render({ behave: 'answer', text: 'second' })).toString()).toBe('second');
    expect(await hung).toBe('timeout');
  });
});
