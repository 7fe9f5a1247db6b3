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
