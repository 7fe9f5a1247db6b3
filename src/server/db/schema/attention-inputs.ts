import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Per property, what the attention ranking (docs/insight.md "Attention first") needs that does
 * not move with today: its never-inspected items, its open critical deficiencies, its last
 * inspection and the due dates of the items that can become overdue. Today decides only how
 * many of those dates have passed and how long ago the last inspection was, so the score is
 * counted from this row alone, and `bound` (the most it can ever score while the row stands)
 * lets the whole organisation's top twenty be found without counting every property
 * (docs/insight.md "Speed"). Kept by triggers on compliance_items and deficiencies
 * (migration 0059): each statement notes the properties it touched in the unlogged
 * attention_inputs_pending (written in SQL only, as drizzle has no unlogged tables), and the
 * transaction counts them again at its commit, under a lock per property, so two writers of
 * one property at once leave it right (docs/decisions/044-insight-history.md). A property with
 * no item and no open critical deficiency has no row.
 */
export const attentionInputs = pgTable(
  'attention_inputs',
  {
    // No foreign key, as open_deficiency_found: the items' deletion removes the row by trigger,
    // and undoing a property's deletion restores its items and so the row.
    propertyId: integer('property_id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    neverInspected: integer('never_inspected').notNull(),
    criticalOpen: integer('critical_open').notNull(),
    lastInspectionDate: date('last_inspection_date', { mode: 'string' }),
    /** Next due dates, ascending, of the items not non-compliant: overdue once today passes them. */
    dueDates: date('due_dates', { mode: 'string' }).array().notNull().default(sql`'{}'`),
    /** 10 per due date + 8 per critical deficiency + 5 per never-inspected item + 12 when inspected. */
    bound: integer('bound').notNull(),
    /**
     * The first and second due dates (infinity when there is none): whether a property has
     * nothing overdue today, one item or more, is read from an index, and each kind is walked
     * by its own bound (docs/insight.md "Speed"). Derived by PostgreSQL from the row, like
     * static_bound, so every writer of the row (the triggers' count, the rebuild) keeps them.
     */
    earliestDue: date('earliest_due', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(due_dates[1], 'infinity'::date)`),
    secondDue: date('second_due', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(due_dates[2], 'infinity'::date)`),
    /** The most it can score with nothing overdue: 8 per critical deficiency + 5 per never-inspected item + 12 when inspected. */
    staticBound: integer('static_bound')
      .notNull()
      .generatedAlwaysAs(sql`8 * critical_open + 5 * never_inspected + CASE WHEN last_inspection_date IS NULL THEN 0 ELSE 12 END`),
  },
  (t) => [
    // Two or more overdue: walked by bound.
    index('attention_inputs_org_bound_due_idx').on(t.organizationId, t.bound.desc(), t.secondDue),
    // None or one overdue: walked by static_bound (+ 10 for the one).
    index('attention_inputs_org_static_bound_due_idx').on(t.organizationId, t.staticBound.desc(), t.earliestDue, t.secondDue),
  ],
);
