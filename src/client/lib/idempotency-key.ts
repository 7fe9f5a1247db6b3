/**
 * A new Idempotency-Key: one per attempt to record something, kept while that same attempt is
 * sent again (after a lost answer) and replaced when what is sent changes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a page served over plain http on a LAN address lacks one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
