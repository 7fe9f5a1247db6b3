import { z } from 'zod';
import { notFound, validationFailed } from './errors';

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

/**
 * PostgreSQL text cannot hold a NUL character; one reaching a query would fail it with a
 * 500. Every input passes through here, so it is refused here, once, with its field.
 */
function pathOfNulCharacter(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNulCharacter(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The largest id PostgreSQL's integer holds; a larger one names no record. */
export const MAX_ID = 2_147_483_647;

const idSchema = z.coerce.number().int().min(1).max(MAX_ID);

/** A record id from the path; anything that is not one names no record: 404. */
export function parseId(params: unknown, what: string): number {
  const result = idSchema.safeParse((params as { id?: unknown } | undefined)?.id);
  if (!result.success) throw notFound(what);
  return result.data;
}
