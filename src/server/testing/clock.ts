import { vi } from 'vitest';

/**
 * Moves the test's clock to `iso`. Only Date is faked, so the server's "today" moves while
 * sockets and timers run normally. Undo it after each test with `vi.useRealTimers()`.
 */
export function setNow(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
