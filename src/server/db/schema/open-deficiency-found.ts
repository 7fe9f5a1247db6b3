import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { deficiencySeverity } from './deficiencies';

/**
 * Each open deficiency with the instant it was found (its inspection's completion, else when
 * it was recorded), so the deficiency-age figure reads these rows alone rather than looking
 * up every open deficiency's inspection (docs/insight.md "Speed"). Kept by triggers on
 * deficiencies and inspections (migrations 0054 to 0056): a row appears while the deficiency is open
 * and follows its inspection's completion date. The instant, not the day, so the
 * organisation's zone still decides the day when read.
 */
export const openDeficiencyFound = pgTable(
  'open_deficiency_found',
  {
    // No foreign key: the deficiency's deletion removes the row by trigger, so undoing a
    // property's deletion restores the deficiencies and the trigger restores these rows.
    deficiencyId: integer('deficiency_id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    propertyId: integer('property_id').notNull(),
    severity: deficiencySeverity('severity').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('open_deficiency_found_org_idx').on(t.organizationId, t.foundAt),
    // Chosen properties: the statement is prepared, and a generic plan cannot hash the chosen
    // ids, so without this it compares every row with every chosen id.
    index('open_deficiency_found_property_idx').on(t.propertyId),
  ],
);
