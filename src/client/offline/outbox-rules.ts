import type { OutboxChange } from './outbox-types';

/**
 * The outbox's rules that need no device store and no network (docs/offline.md, "The outbox"):
 * which change goes next, how a reference to an earlier answer is filled in, and what each
 * answer of the server means for the change. Kept pure so they are tested on their own.
 */

/** The text the server refuses a key with when its change was applied but the answer was lost (src/server/db/idempotency.ts). */
export const KEY_REUSED_PREFIX = 'A request with this Idempotency-Key was already received';

const REF = /\{ref:([^:}]+):([^}]+)\}/g;

/** The change ids a url refers to, so they are sent as Depends-On even when `dependsOn` forgot them. */
export function referencedChanges(url: string): string[] {
  return [...url.matchAll(REF)].map((m) => m[1] ?? '');
}

/**
 * Fills in `{ref:<changeId>:<field>}` from the answers of earlier changes. Undefined while an
 * answer is missing (the earlier change has not been accepted yet), so the change waits.
 */
export function resolveRefs(url: string, answers: ReadonlyMap<string, unknown>): string | undefined {
  let missing = false;
  const resolved = url.replace(REF, (_whole, changeId: string, field: string) => {
    const answer = answers.get(changeId);
    const value = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[field] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? undefined : resolved;
}

/** Every earlier change this one needs: `dependsOn` and the references in its url. */
export function dependenciesOf(change: Pick<OutboxChange, 'url' | 'dependsOn'>): string[] {
  return [...new Set([...(change.dependsOn ?? []), ...referencedChanges(change.url)])];
}

/**
 * The order of sending: changes in the order they were recorded, photos after every other
 * change (an upload is slow and may fail; it must never hold back a result or an edit).
 */
export function sendingOrder<T extends Pick<OutboxChange, 'seq' | 'kind'>>(changes: readonly T[]): T[] {
  const rank = (c: T) => (c.kind === 'photo' ? 1 : 0);
  return [...changes].sort((a, b) => rank(a) - rank(b) || a.seq - b.seq);
}

/**
 * Whether a change may go now, given the other changes still on the device. `wait`: an earlier
 * change it needs is still waiting or in conflict (the person may keep theirs). `refuse`: one it
 * needs will never be applied (refused, or its record was deleted), so neither can this one.
 */
export function dependencyState(
  change: Pick<OutboxChange, 'url' | 'dependsOn'>,
  onDevice: ReadonlyMap<string, Pick<OutboxChange, 'state' | 'label'>>,
): { go: true } | { go: false; refuse: false } | { go: false; refuse: true; message: string } {
  for (const id of dependenciesOf(change)) {
    const earlier = onDevice.get(id);
    if (!earlier) continue;
    if (earlier.state === 'refused' || earlier.state === 'not-applied') {
      return { go: false, refuse: true, message: `This change needed an earlier one that was not applied: ${earlier.label}.` };
    }
    return { go: false, refuse: false };
  }
  return { go: true };
}

/** What an answer means for the change that was sent. */
export type AnswerMeaning =
  /** Applied (now, or before with its answer lost): it leaves the outbox. */
  | { kind: 'accepted' }
  /** Someone else changed the record since the device's copy: the person chooses. */
  | { kind: 'conflict'; current: unknown; message: string }
  /** The record is gone: reported to the server's history and to the person. */
  | { kind: 'deleted' }
  /** An earlier change it needs has not reached the server: it stays waiting. */
  | { kind: 'wait' }
  /** The server cannot take it now (offline, busy, signed out): stop and try again later. */
  | { kind: 'retry' }
  /** The server will refuse it however often it is sent. */
  | { kind: 'refused'; message: string };

interface ErrorBody {
  code?: string;
  message?: string;
  current?: unknown;
}

/**
 * An answer's meaning. `hasWaitingDependency`: whether a change it needs is still on the device,
 * so the server's out_of_order is expected and the change waits rather than being refused.
 */
export function meaningOf(status: number, body: unknown, hasWaitingDependency = false): AnswerMeaning {
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  const error = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const message = typeof error.message === 'string' && error.message ? error.message : `The server refused this change (${status}).`;
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry' };
  if (status === 409 && message.startsWith(KEY_REUSED_PREFIX)) return { kind: 'accepted' };
  // Recorded in another organisation than the session's now: sent again once back in it.
  if (status === 409 && error.code === 'wrong_organization') return { kind: 'retry' };
  if (status === 409 && error.code === 'out_of_order') return hasWaitingDependency ? { kind: 'wait' } : { kind: 'refused', message };
  if (status === 412 && error.code === 'changed_elsewhere') return { kind: 'conflict', current: error.current, message };
  if (status === 404) return { kind: 'deleted' };
  return { kind: 'refused', message };
}

/** How long to wait before the next try after `failures` failed tries in a row: 2 s doubling, at most 60 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}
