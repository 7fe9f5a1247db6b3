import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A create sent with an `Idempotency-Key` header, and the answer it got (plugins/idempotency.ts).
 * The same key again from the same account gets the same answer instead of a second record;
 * the row is written in the create's own transaction, so a committed create always has it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** "POST /api/properties": a key reused for another call is refused. */
    operation: text('operation').notNull(),
    /** SHA-256 of the request body: a key reused with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
