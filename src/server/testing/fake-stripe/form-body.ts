/**
 * Stripe's API takes form-encoded bodies with bracketed keys (`items[0][price]=price_1`,
 * `expand[0]=latest_invoice`), as the stripe library sends them. Decoded here into the
 * objects and arrays they stand for.
 */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  return indexed ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v) : Object.fromEntries(entries);
}
