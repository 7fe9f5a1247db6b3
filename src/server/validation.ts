import { z } from 'zod';
import { notFound, validationFailed } from './errors';

/**
 * Validates a request part with the shared zod schema. Bad input becomes a 400 whose
 * fieldErrors carry the schema's messages, the same ones the form shows.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw validationFailed(fieldErrors);
}

const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** A record id from the path; anything that is not one names no record: 404. */
export function parseId(params: unknown, what: string): number {
  const result = idSchema.safeParse((params as { id?: unknown } | undefined)?.id);
  if (!result.success) throw notFound(what);
  return result.data;
}
