import { bigserial, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { inspectionType } from './enums';
import { organizations } from './organizations';
import { properties } from './properties';

/**
 * What a property's status stood on from a day on (docs/insight.md, decision 044): the three
 * stored columns the status is computed from (decision 013), one row per property and day
 * they changed. The status of any set of properties on any day is its rows' last before that
 * day, read with that day as today, so an item falling overdue needs no row of its own.
 * Rows come from the daily status record (`recorded`) or from the inspection history before
 * the record began (`derived`).
 */
export const propertyStatusChanges = pgTable(
  'property_status_changes',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The day, in the organisation's time zone, from which these values held. */
    day: date('day', { mode: 'string' }).notNull(),
    hasFailure: boolean('has_failure').notNull(),
    inspected: boolean('inspected').notNull(),
    earliestDueDate: date('earliest_due_date', { mode: 'string' }),
    /** recorded (the daily record saw it) or derived (from the inspection history). */
    source: text('source').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day] }),
    // The trend reads an organisation's rows property by property, in day order.
    index('property_status_changes_org_property_day_idx').on(t.organizationId, t.propertyId, t.day),
  ],
);

/**
 * The organisation's status counts as the daily record found them: one row per organisation
 * and day (its time zone), rewritten by each run of that day, so running twice changes nothing.
 * Due soon counts as compliant. When the record begins, the Sundays of the year before it are
 * written from the derived history, so the whole organisation's trend is read from here.
 */
export const statusDays = pgTable(
  'status_days',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    compliant: integer('compliant').notNull(),
    pending: integer('pending').notNull(),
    nonCompliant: integer('non_compliant').notNull(),
    total: integer('total').notNull(),
    /**
     * Of `pending`, properties whose status that day could not be known (registered before any
     * row of theirs): only on days written from the derived history, before the record began.
     */
    unknown: integer('unknown').notNull().default(0),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/**
 * The on-time figure's closed months for the whole organisation (docs/insight.md "On-time
 * rate"), written by the daily status record so a cache miss counts only the current month
 * live. A month is kept with the time zone it was counted in and read only while the
 * organisation is still in that zone. Any change to a completed inspection of a kept month
 * (a history import, an edit, a deletion) removes the month's row in the same transaction
 * (trigger on_time_months_invalidate), so it is counted live until the record writes it again.
 */
export const onTimeMonths = pgTable(
  'on_time_months',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The month's first day, in `time_zone`. */
    month: date('month', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    completed: integer('completed').notNull(),
    onTime: integer('on_time').notNull(),
    medianDaysLate: doublePrecision('median_days_late'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month] })],
);

/**
 * The workload figure's "due, not scheduled" requirements counted by due day and type, for the
 * whole organisation (docs/insight.md "Workload ahead"): every statement that changes a
 * requirement adds its change here in the same transaction (+1 for a row now active, with no
 * open inspection and a due date; -1 for such a row as it was), by trigger
 * requirement_due_deltas_capture, so a day's count is the sum of its rows. Rows are only ever
 * added by writes, so writers never wait on each other; the daily status record sums each day's
 * rows into one.
 */
export const requirementDueDeltas = pgTable(
  'requirement_due_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    itemType: inspectionType('item_type').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('requirement_due_deltas_org_due_idx').on(t.organizationId, t.dueOn)],
);
