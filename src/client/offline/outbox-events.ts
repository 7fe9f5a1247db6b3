/**
 * What the outbox tells its readers: the tab that made a change, the other tabs and the
 * service worker, over the BroadcastChannel 'firemark-outbox' (a channel does not hear its own
 * messages, so each is also handed to this context's listeners).
 */
export type OutboxEvent =
  /** Something in the outbox changed: lists and counts read it again. */
  | { type: 'changed' }
  /** A change was applied by the server; `answer` is its answer (null when the answer was lost). */
  | { type: 'accepted'; id: string; answer: unknown; undoToken: string | null; url: string }
  /** The server refused a change; the body carries its field messages. */
  | { type: 'refused'; id: string; status: number; body: unknown }
  /** A change now needs the person (conflict, refused, not applied): it stays on the device. */
  | { type: 'kept'; id: string }
  /** A pass over the outbox ended (whatever it did). */
  | { type: 'drained' };

type Listener = (event: OutboxEvent) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('firemark-outbox') : null;
  channel?.addEventListener('message', (message: MessageEvent<OutboxEvent>) => {
    for (const listener of listeners) listener(message.data);
  });
  return channel;
}

export function announce(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
  try {
    openChannel()?.postMessage(event);
  } catch {
    // An answer that cannot be cloned still reaches this context's listeners.
  }
}

export function listen(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
