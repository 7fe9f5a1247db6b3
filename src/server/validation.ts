import { z } from 'zod';
import { validationFailed } from './errors';

/**
 * Validates a request part with the shared zod schema. Bad input becomes a 400 whose
 * fieldErrors carry the schema's messages, the same ones the form shows.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) {
    const nul = pathOfNulCharacter(result.data);
    if (nul) throw validationFailed({ [nul.join('.') || '_']: ['Contains a character that is not allowed'] });
    return result.data;
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw validationFailed(fieldErrors);
}

/** Deeper than any schema of ours nests; a deeper value is refused rather than walked. */
export const MAX_INPUT_DEPTH = 32;

/**
 * PostgreSQL text cannot hold a NUL character; one reaching a query would fail it with a
 * 500. Every input passes through here, so it is refused here, once, with its field.
 * The walk is iterative with a depth limit and builds a path only for the string it
 * reports: a hostile body of deeply nested arrays costs one pass, never a stack overflow
 * or a copy of the path at every level.
 */
function pathOfNulCharacter(root: unknown): (string | number)[] | null {
  interface Node {
    value: unknown;
    key: string | number | null;
    parent: Node | null;
    depth: number;
  }
  const pathOf = (node: Node) => {
    const path: (string | number)[] = [];
    for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.unshift(n.key);
    return path;
  };
  const stack: Node[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (node.depth >= MAX_INPUT_DEPTH) throw validationFailed({ [pathOf(node).join('.') || '_']: ['Is nested too deeply'] });
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
    // Pushed in reverse so that the first offending field, in document order, is reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, key, parent: node, depth: node.depth + 1 });
    }
  }
  return null;
}

/** The largest id PostgreSQL's integer holds; a larger one names no record. */
export const MAX_ID = 2_147_483_647;
