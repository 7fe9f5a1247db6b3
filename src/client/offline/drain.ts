import { announce } from './outbox-events';
import { outboxOwner } from './outbox-owner';
import { dependenciesOf, dependencyState, meaningOf, resolveRefs, sendingOrder } from './outbox-rules';
import { acceptChange, allAnswers, allChanges, lastSyncAt, pruneAnswers, pruneUnreferencedAnswers, putChange, setLastSyncAt } from './outbox-store';
import type { OutboxChange } from './outbox-types';

/**
 * Sends what waits in the outbox (docs/offline.md, "Sending"). Runs in a page and in the
 * service worker (Background Sync), so it uses no DOM and no React; the Web Lock
 * 'firemark-outbox' lets one sender run at a time across tabs and the worker.
 */

/** `done`: nothing more can be sent now. `stopped`: the network or the server failed; try again later. `skipped`: nobody signed in. */
export type DrainResult = 'done' | 'stopped' | 'skipped';

const LOCK = 'firemark-outbox';
/** The server keeps an Idempotency-Key's answer 30 days; an answer kept here longer serves nothing. */
const ANSWER_DAYS = 30;
const JSON_TIMEOUT_MS = 30_000;
const PHOTO_TIMEOUT_MS = 120_000;
const UNDO_TOKEN_HEADER = 'X-Undo-Token';

let running: Promise<DrainResult> | null = null;
let queued: Promise<DrainResult> | null = null;

/**
 * Sends every change that can go now, in order; resolves when the pass ends. Rejects when the
 * network or the server failed with changes still waiting, so that a Background Sync event
 * handed this promise is tried again later by the browser.
 */
export async function drainOutbox(): Promise<void> {
  if ((await drainOnce()) === 'stopped') throw new Error('The outbox could not be sent; it will be tried again.');
}

/**
 * One pass, said how it ended. A call while a pass runs in this context waits for one more pass
 * after it (which sees what was recorded meanwhile); further calls share that one.
 */
export function drainOnce(): Promise<DrainResult> {
  if (!running) {
    running = withLock(pass).finally(() => {
      running = null;
    });
    return running;
  }
  queued ??= running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return drainOnce();
    });
  return queued;
}

function withLock(fn: () => Promise<DrainResult>): Promise<DrainResult> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  // Where Web Locks are missing, the in-context flag above is the only guard.
  if (!locks?.request) return fn();
  // The lock resolves with what the callback resolves with (the DOM types say the promise itself).
  return locks.request(LOCK, fn) as unknown as Promise<DrainResult>;
}

function online(): boolean {
  return (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false;
}

async function pass(): Promise<DrainResult> {
  const owner = await outboxOwner();
  if (!owner) return 'skipped';
  if (!online()) return 'stopped';
  await pruneAnswers(new Date(Date.now() - ANSWER_DAYS * 86_400_000));
  const tried = new Set<string>();
  let accepted = false;
  let result: DrainResult = 'done';
  try {
    for (;;) {
      const mine = (await allChanges()).filter((c) => c.userId === owner.userId && c.organizationId === owner.organizationId);
      const next = sendingOrder(mine.filter((c) => c.state === 'waiting' && !tried.has(c.id)))[0];
      if (!next) break;
      tried.add(next.id);
      const onDevice = new Map(mine.map((c) => [c.id, c]));
      const outcome = await sendOne(next, onDevice);
      if (outcome === 'accepted') accepted = true;
      if (outcome === 'stop') {
        result = 'stopped';
        break;
      }
    }
  } finally {
    if (accepted) {
      const left = (await allChanges()).some((c) => c.state === 'waiting' && c.userId === owner.userId && c.organizationId === owner.organizationId);
      if (!left || !(await lastSyncAt(owner.userId))) await setLastSyncAt(owner.userId, new Date().toISOString());
      announce({ type: 'changed' });
    }
    // An answer no change refers to after a day will not be referred to any more.
    await pruneUnreferencedAnswers(new Date(Date.now() - 86_400_000)).catch(() => undefined);
    announce({ type: 'drained' });
  }
  return result;
}

type SendOutcome = 'accepted' | 'kept' | 'stop' | 'next';

async function sendOne(change: OutboxChange, onDevice: Map<string, OutboxChange>): Promise<SendOutcome> {
  const dependency = dependencyState(change, onDevice);
  if (!dependency.go) {
    if (!dependency.refuse) return 'next';
    await keep(change, 'refused', { status: 409, message: dependency.message });
    return 'kept';
  }
  const url = resolveRefs(change.url, await allAnswers());
  if (url === undefined) {
    // Its earlier change is gone from the device without the answer this one needs: taken back
    // after a refusal, or applied with its answer lost (a replay refused as already received).
    await keep(change, 'refused', {
      status: 409,
      message: 'The record this change belongs to did not reach the server, or the device did not receive its number. Record this change again from that record.',
    });
    return 'kept';
  }

  let answer: { status: number; body: unknown; undoToken: string | null };
  try {
    answer = await send(change, url);
  } catch {
    await putChange({ ...change, attempts: change.attempts + 1 });
    return 'stop';
  }

  const waitingDependency = dependenciesOf(change).some((id) => onDevice.has(id));
  const meaning = meaningOf(answer.status, answer.body, waitingDependency);
  switch (meaning.kind) {
    case 'accepted': {
      const referred = [...onDevice.values()].some((c) => c.id !== change.id && dependenciesOf(c).includes(change.id));
      // A create's, a tap's or a completion's answer is kept too: a photo of the deficiency it
      // made may be recorded next.
      const mayBeReferred = change.kind === 'tap' || change.kind === 'completion' || (change.method === 'POST' && change.kind !== 'photo');
      await acceptChange(change.id, answer.body ?? null, referred || mayBeReferred);
      announce({ type: 'accepted', id: change.id, answer: answer.body ?? null, undoToken: answer.undoToken, url });
      return 'accepted';
    }
    case 'conflict':
      await keep(change, 'conflict', { status: 412, message: meaning.message, current: meaning.current });
      return 'kept';
    case 'deleted':
      return reportUnapplied(change);
    case 'wait':
      return 'next';
    case 'retry':
      await putChange({ ...change, attempts: change.attempts + 1 });
      // A photo the server cannot take now must not hold back the other photos; signed out or
      // throttled, nothing else would be taken either.
      return change.kind === 'photo' && answer.status >= 500 ? 'next' : 'stop';
    case 'refused':
      // Told first, with the field messages, so a screen still holding the input can show them.
      announce({ type: 'refused', id: change.id, status: answer.status, body: answer.body });
      await keep(change, 'refused', { status: answer.status, message: meaning.message });
      return 'kept';
  }
}

async function keep(change: OutboxChange, state: OutboxChange['state'], problem: NonNullable<OutboxChange['problem']>): Promise<void> {
  await putChange({ ...change, state, problem, attempts: change.attempts + 1 });
  announce({ type: 'changed' });
  announce({ type: 'kept', id: change.id });
}

/** Contract rule 4: what was recorded for a deleted record is kept in the server's history, then the person is told. */
async function reportUnapplied(change: OutboxChange): Promise<SendOutcome> {
  const recorded =
    change.photo !== undefined
      ? { photo: change.photo.contentType, bytes: change.photo.blob.size }
      : change.body && typeof change.body === 'object'
        ? change.body
        : { value: change.body ?? null };
  let status: number;
  try {
    const res = await fetch('/api/offline/unapplied', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': `unapplied-${change.id}`, 'X-Organization-Id': String(change.organizationId) },
      body: JSON.stringify({
        changeId: change.id,
        label: change.label.slice(0, 300),
        propertyId: change.propertyId,
        recordedAt: change.recordedAt,
        reason: 'deleted',
        recorded,
      }),
      signal: timeout(JSON_TIMEOUT_MS),
    });
    status = res.status;
  } catch {
    return 'stop';
  }
  if (status === 401 || status === 429 || status >= 500) return 'stop';
  await keep(change, 'not-applied', {
    status: 404,
    message: 'What this changed had been deleted on the server. What you recorded is kept in the history.',
  });
  return 'kept';
}

function timeout(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(ms) : undefined;
}

async function send(change: OutboxChange, url: string): Promise<{ status: number; body: unknown; undoToken: string | null }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': change.id, 'X-Organization-Id': String(change.organizationId) };
  if (change.ifMatch) headers['If-Match'] = change.ifMatch;
  const dependsOn = dependenciesOf(change);
  if (dependsOn.length > 0) headers['Depends-On'] = dependsOn.join(',');
  let body: BodyInit;
  if (change.photo) {
    // The bytes as they are, with their type, as the photo upload takes them.
    headers['Content-Type'] = change.photo.contentType || 'application/octet-stream';
    body = change.photo.blob;
  } else {
    // The server's CSRF defence accepts only JSON bodies on state-changing requests.
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(change.body ?? {});
  }
  const res = await fetch(url, {
    method: change.method,
    credentials: 'same-origin',
    headers,
    body,
    signal: timeout(change.photo ? PHOTO_TIMEOUT_MS : JSON_TIMEOUT_MS),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text.slice(0, 300) };
  }
  return { status: res.status, body: parsed, undoToken: res.headers.get(UNDO_TOKEN_HEADER) };
}
