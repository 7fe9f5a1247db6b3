import type { z } from 'zod';
import { validationFailed } from './errors';

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
