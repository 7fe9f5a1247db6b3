import { z } from 'zod';

/** Paging shared by every list endpoint (DECISIONS "Lists"); the total is in X-Total-Count. */
export const pagingSchema = z.object({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, 'Limit must be at least 1').max(500, 'Limit must be at most 500').default(50),
  offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0, 'Offset cannot be negative').default(0),
});

/** A search term: trimmed, empty means none. */
export const searchTerm = z
  .string()
  .trim()
  .max(200, 'Search is too long')
  .optional()
  .transform((v) => (v ? v : undefined));

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The most properties a list or figure can be narrowed to at once. */
export const MAX_CHOSEN_PROPERTIES = 500;

/**
 * A chosen set of properties in a query string, `propertyIds=3,7,12`: the Insight figures and
 * the lists their numbers open take the same form, so a link carries the choice as it is.
 * Repeated ids count once; the ids come out in order, so the same choice is one cache key.
 * An id the caller does not reach simply matches nothing.
 */
export const chosenPropertyIdsField = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Property ids must be numbers separated by commas')
  .transform((v) => [...new Set(v.split(',').map(Number))].sort((a, b) => a - b))
  // Checked on the whole list, so a bad id is reported under the field's own name.
  .pipe(
    z
      .array(z.number())
      .refine((ids) => ids.every((id) => id >= 1), 'Property ids must be at least 1')
      .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'Unknown property')
      .max(MAX_CHOSEN_PROPERTIES, `Choose at most ${MAX_CHOSEN_PROPERTIES} properties`),
  )
  .optional()
  .describe(`Only these properties: ids separated by commas, at most ${MAX_CHOSEN_PROPERTIES}. An id you cannot see (or of another organisation) matches nothing.`);
