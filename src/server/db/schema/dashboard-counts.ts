import { bigserial, date, index, integer, pgEnum, pgTable } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * What a row of dashboard_count_deltas counts: every property ('property'); a property with
 * every item inspected and nothing failed, by its earliest due date, none when it has no item
 * ('passing_property': compliant while that date is empty or more than 7 days ahead); an open
 * inspection (scheduled or in progress) by its due date ('open_inspection').
 */
export const dashboardCountKind = pgEnum('dashboard_count_kind', ['property', 'passing_property', 'open_inspection']);

/**
 * The whole organisation's dashboard counts and list totals by due day (src/server/modules/
 * dashboard/dashboard-counts.queries.ts): every statement that changes properties or
 * inspections adds its change here in the same transaction (+1 for a row as it is now, -1 for
 * it as it was), by the triggers dashboard_count_deltas_capture_*, so a day's count is the sum
 * of its rows. The day is kept rather than a status, so what is overdue or compliant is decided
 * at read time against today in the organisation's zone and never goes stale at midnight. Rows
 * are only ever added by writes, so writers never wait on each other; the daily status record
 * sums each day's rows into one.
 */
export const dashboardCountDeltas = pgTable(
  'dashboard_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: dashboardCountKind('kind').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    delta: integer('delta').notNull(),
  },
  (t) => [index('dashboard_count_deltas_org_kind_due_idx').on(t.organizationId, t.kind, t.dueOn)],
);
