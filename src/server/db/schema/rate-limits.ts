import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Request counters shared by every app instance (src/server/plugins/rate-limits.ts).
 * The columns are the ones rate-limiter-flexible's PostgreSQL store reads and writes:
 * a key of "limit name:client", the points used in the window, and when the window
 * ends in epoch milliseconds (the library compares it with Date.now()).
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
