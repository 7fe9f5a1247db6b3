import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { complianceItemStatus, country, inspectionType, propertyType } from './enums';
import { organizations } from './organizations';

export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    propertyType: propertyType('property_type').notNull().default('commercial'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: country('country').notNull().default('us'),
    /** The code set its requirements come from (src/shared/code-sets.ts), chosen from country, state and occupancy. */
    codeSet: text('code_set').notNull().default('us-nfpa'),
    managerEmail: text('manager_email').notNull(),
    /**
     * What the status derives from, stored when an item changes (DECISIONS "Compliance model"):
     * whether any item failed, whether every item it has was inspected (`inspected`: false with
     * no item, or with one never inspected, which keeps the property pending), and the earliest
     * next due date. The status itself is computed from these and the account's today when
     * read, so it is never stale.
     */
    hasFailure: boolean('has_failure').notNull().default(false),
    inspected: boolean('inspected').notNull().default(false),
    earliestDueDate: date('earliest_due_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('properties_org_created_idx').on(t.organizationId, t.createdAt),
    index('properties_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('properties_org_earliest_due_idx').on(t.organizationId, t.earliestDueDate),
    // The dashboard's compliant count: every item inspected, nothing failed, by next due date.
    index('properties_org_passing_due_idx')
      .on(t.organizationId, t.earliestDueDate)
      .where(sql`${t.inspected} and not ${t.hasFailure}`),
  ],
);

export const complianceItems = pgTable(
  'compliance_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    itemType: inspectionType('item_type').notNull(),
    /** The last result (or never_inspected); overdue and due soon are derived at read time. */
    status: complianceItemStatus('status').notNull().default('never_inspected'),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    lastInspectionDate: date('last_inspection_date', { mode: 'string' }),
    notes: text('notes'),
    /** Its requirements' last result is non-compliant (after corrections); status may be so for its devices alone. */
    resultFailed: boolean('result_failed').notNull().default(false),
    /** Its devices out of service (decision 042), so the reason can say so rather than "failed inspection". */
    devicesOutOfService: integer('devices_out_of_service').notNull().default(0),
    /** Its devices still at the property with a deficiency found on them and not corrected. */
    devicesWithOpenDeficiency: integer('devices_with_open_deficiency').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('compliance_items_property_type_key').on(t.propertyId, t.itemType),
    index('compliance_items_next_due_idx').on(t.nextDueDate),
  ],
);
