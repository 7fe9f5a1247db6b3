import { useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api';
import type { ApiErrorBody } from '@shared/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { drainOnce } from './drain';
import { announce, listen } from './outbox-events';
import { awaitOutboxOwner, outboxOwner } from './outbox-owner';
import { addChange, allChanges, deleteChange, getChange, lastSyncAt, putChange } from './outbox-store';
import type { OutboxChange, OutboxKind, OutboxState, OutboxSummary, RecordOutcome } from './outbox-types';

/**
 * The outbox as the screens use it (docs/offline.md): `record()` keeps a change on the device
 * before anything else happens and then sends it; the hooks show what still waits.
 */

/** A change as a screen gives it; the outbox adds its order, state and owner. */
export type NewChange = Omit<OutboxChange, 'id' | 'seq' | 'state' | 'attempts' | 'recordedAt' | 'userId' | 'organizationId'> & {
  /** Made by the caller when it needs the id first (a photo that refers to this change). */
  id?: string;
};

const DEFAULT_WAIT_MS = 8000;
/** Answers that mean the input itself is wrong: a screen that still holds it shows the messages. */
const INPUT_REFUSALS = new Set([400, 403, 409]);

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Keeps the change on the device (awaiting the write), then, online, sends what waits in order
 * and waits up to `waitMs` for this change. Accepted: the server's answer. Refused as bad input
 * while online: the change is dropped and the promise rejects with the ApiError, as a direct
 * request would. Otherwise (offline, slow, a conflict): `{ sent: false }`, kept and sent later.
 */
export async function record<T>(
  input: NewChange,
  /** `onKept`: called once the change is on the device, before it is sent (to keep what follows it). */
  options: { waitMs?: number; onKept?: (change: OutboxChange) => void } = {},
): Promise<RecordOutcome<T>> {
  const owner = await awaitOutboxOwner();
  if (!owner) throw new ApiError(401, '401: Not signed in', { message: 'Sign in again to record this change.' } as ApiErrorBody);
  const madeOnline = isOnline();
  const change = await addChange({
    ...input,
    id: input.id ?? newIdempotencyKey(),
    state: 'waiting',
    attempts: 0,
    recordedAt: new Date().toISOString(),
    userId: owner.userId,
    organizationId: owner.organizationId,
  });
  announce({ type: 'changed' });
  options.onKept?.(change);
  if (!madeOnline) return { sent: false, change };

  return new Promise<RecordOutcome<T>>((resolve, reject) => {
    let settled = false;
    let refusal: { status: number; body: unknown } | null = null;
    const finish = (outcome: RecordOutcome<T> | ApiError) => {
      if (settled) return;
      settled = true;
      stop();
      clearTimeout(timer);
      if (outcome instanceof ApiError) reject(outcome);
      else resolve(outcome);
    };
    const keptOutcome = async (): Promise<RecordOutcome<T>> => ({ sent: false, change: (await getChange(change.id)) ?? change });
    const stop = listen((event) => {
      if (event.type === 'drained' || event.type === 'changed' || event.id !== change.id) return;
      if (event.type === 'accepted') finish({ sent: true, answer: event.answer as T, undoToken: event.undoToken });
      else if (event.type === 'refused') refusal = { status: event.status, body: event.body };
      else if (event.type === 'kept') {
        const refused = refusal;
        if (refused && INPUT_REFUSALS.has(refused.status)) {
          void deleteChange(change.id).then(() => {
            announce({ type: 'changed' });
            const body = refused.body as ApiErrorBody | null;
            finish(new ApiError(refused.status, `${refused.status}: ${body?.message ?? ''}`, body));
          });
        } else void keptOutcome().then(finish);
      }
    });
    const timer = setTimeout(() => void keptOutcome().then(finish), options.waitMs ?? DEFAULT_WAIT_MS);
    // A pass that ends without a word about this change (the network failed): it is kept.
    void drainOnce().then(
      () => setTimeout(() => void keptOutcome().then(finish), 0),
      () => void keptOutcome().then(finish),
    );
  });
}

/** Keep mine: sent again over the server's newer version. Keep theirs: mine is dropped. */
export async function resolveConflict(id: string, choice: 'mine' | 'theirs'): Promise<void> {
  const change = await getChange(id);
  if (!change) return;
  if (choice === 'theirs') {
    await deleteChange(id);
  } else {
    const current = change.problem?.current as { updatedAt?: unknown } | undefined;
    const ifMatch = typeof current?.updatedAt === 'string' ? current.updatedAt : change.ifMatch;
    await putChange({ ...change, state: 'waiting', problem: undefined, ifMatch, attempts: 0 });
  }
  announce({ type: 'changed' });
  if (choice === 'mine') void drainOnce();
}

/** Removes a change the person chose to give up (refused, or not applied and read). */
export async function discardChange(id: string): Promise<void> {
  await deleteChange(id);
  announce({ type: 'changed' });
}

// ---- What the screens read: one snapshot of the outbox, read again whenever it changes.

interface Snapshot {
  changes: OutboxChange[];
  lastSyncAt: string | null;
  loaded: boolean;
}

let snapshot: Snapshot = { changes: [], lastSyncAt: null, loaded: false };
const subscribers = new Set<() => void>();
let stopListening: (() => void) | null = null;
let reading = false;
let readAgain = false;

async function reload(): Promise<void> {
  if (reading) {
    readAgain = true;
    return;
  }
  reading = true;
  try {
    do {
      readAgain = false;
      const [owner, changes] = await Promise.all([outboxOwner(), allChanges()]);
      const mine = owner ? changes.filter((c) => c.userId === owner.userId && c.organizationId === owner.organizationId) : [];
      const synced = owner ? await lastSyncAt(owner.userId) : null;
      snapshot = { changes: mine, lastSyncAt: synced, loaded: true };
      for (const notify of subscribers) notify();
    } while (readAgain);
  } catch {
    // No device store (a private window that refuses IndexedDB): nothing is shown as waiting.
    snapshot = { ...snapshot, loaded: true };
  } finally {
    reading = false;
  }
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  if (!stopListening) {
    stopListening = listen((event) => {
      if (event.type === 'changed') void reload();
    });
    void reload();
  }
  return () => {
    subscribers.delete(notify);
    if (subscribers.size === 0 && stopListening) {
      stopListening();
      stopListening = null;
    }
  };
}

const getSnapshot = () => snapshot;

/** Reads the outbox again now (after the signed-in person changed). */
export function refreshOutbox(): void {
  void reload();
}

function useSnapshot(): Snapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export type PendingFilter =
  | ((change: OutboxChange) => boolean)
  | {
      propertyId?: number;
      kind?: OutboxKind | OutboxKind[];
      target?: { type: NonNullable<OutboxChange['target']>['type']; id?: number };
      /** Which states count; only `waiting` unless said. */
      states?: OutboxState[];
    };

export function matchesFilter(change: OutboxChange, filter: PendingFilter | undefined): boolean {
  if (!filter) return change.state === 'waiting';
  if (typeof filter === 'function') return filter(change);
  if (!(filter.states ?? ['waiting']).includes(change.state)) return false;
  if (filter.propertyId !== undefined && change.propertyId !== filter.propertyId) return false;
  if (filter.kind !== undefined && !(Array.isArray(filter.kind) ? filter.kind : [filter.kind]).includes(change.kind)) return false;
  if (filter.target) {
    if (change.target?.type !== filter.target.type) return false;
    if (filter.target.id !== undefined && change.target.id !== filter.target.id) return false;
  }
  return true;
}

/**
 * The signed-in person's changes still on the device that match, in the order recorded;
 * follows every change, in this tab, other tabs and the service worker. A function filter sees
 * every state; an object filter counts only `waiting` unless it names `states`.
 */
export function usePendingChanges(filter?: PendingFilter): OutboxChange[] {
  const { changes } = useSnapshot();
  const key = typeof filter === 'function' ? filter : JSON.stringify(filter ?? null);
  // The filter is compared by its content, so an object written inline does not recompute every render.
  return useMemo(() => changes.filter((c) => matchesFilter(c, filter)), [changes, key]);
}

export function summarize(changes: OutboxChange[], synced: string | null): OutboxSummary {
  const waiting = changes.filter((c) => c.state === 'waiting').length;
  return { waiting, needsAttention: changes.length - waiting, lastSyncAt: synced, changes };
}

export function useOutboxSummary(): OutboxSummary & { loaded: boolean } {
  const { changes, lastSyncAt: synced, loaded } = useSnapshot();
  return useMemo(() => ({ ...summarize(changes, synced), loaded }), [changes, synced, loaded]);
}

/**
 * Called (in a page) after changes were accepted, with their urls, so the screens read the
 * server's truth again. The app sets it once (OutboxSync).
 */
export function onChangesAccepted(callback: (urls: string[]) => void): () => void {
  let urls: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = listen((event) => {
    if (event.type !== 'accepted') return;
    urls.push(event.url);
    clearTimeout(timer);
    // Several accepted in one pass: read again once.
    timer = setTimeout(() => {
      const batch = urls;
      urls = [];
      callback(batch);
    }, 50);
  });
  return () => {
    clearTimeout(timer);
    stop();
  };
}
