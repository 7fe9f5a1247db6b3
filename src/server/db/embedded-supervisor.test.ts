import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BACKOFF_MS, supervise } from './embedded-supervisor';

describe('embedded server supervisor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts a dead server again, spacing failed attempts 0.5 s doubling up to 30 s', async () => {
    let running = true;
    let refuse = true;
    const attempts: number[] = [];
    const log = vi.fn();
    const supervisor = supervise({
      isRunning: () => running,
      restart: async () => {
        attempts.push(Date.now());
        if (refuse) throw new Error('could not bind IPv4 address "127.0.0.1": Address already in use\nmore');
        running = true;
      },
      log,
    });

    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempts).toEqual([]); // alive: left alone

    running = false;
    const diedAt = Date.now();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(attempts[0]! - diedAt).toBeLessThanOrEqual(500);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    expect(gaps.slice(0, 8)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(log).toHaveBeenCalledWith(
      'The embedded PostgreSQL did not start (could not bind IPv4 address "127.0.0.1": Address already in use); trying again in 30 s',
    );

    refuse = false;
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    expect(running).toBe(true);
    expect(log).toHaveBeenLastCalledWith('The embedded PostgreSQL is running again');
    const count = attempts.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(count);
    await supervisor.stop();
  });

  it('attempts nothing once stopped, and waits for an attempt in progress', async () => {
    let finishRestart = () => undefined as void;
    const restart = vi.fn(() => new Promise<void>((resolve) => (finishRestart = resolve)));
    const supervisor = supervise({ isRunning: () => false, restart, log: () => undefined });
    await vi.advanceTimersByTimeAsync(500);
    expect(restart).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = supervisor.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishRestart();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(restart).toHaveBeenCalledTimes(1);
  });
});
