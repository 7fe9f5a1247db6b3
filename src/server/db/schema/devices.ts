import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { complianceResult, inspectionType } from './enums';
import { organizations } from './organizations';
import { properties } from './properties';
import { requirements } from './requirements';

/**
 * One extinguisher, light, detector… of a property's safety item (issue 32), with its tag,
 * dates and status. Its requirements are device_requirements; its history is the walk-through
 * results and deficiencies that name it, kept for the life of the record.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    itemType: inspectionType('item_type').notNull(),
    /** The answer to its type's subtype question (src/shared/devices.ts SUBTYPE_QUESTION): the extinguisher's agent. */
    subtype: text('subtype'),
    /** Its own answers to the item's other questions ({ recharge: ['rechargeable'] }); the subtype is added to them. */
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull().default({}),
    /** Size or rating as printed on it ("5 lb", "2-A:10-B:C"). */
    rating: text('rating'),
    building: text('building'),
    floor: text('floor'),
    room: text('room'),
    /** Where exactly, in words: "by stair B door". */
    locationDescription: text('location_description'),
    /** Upper case, unique across Firemark (src/shared/devices.ts TAG_PATTERN). */
    tag: text('tag').notNull(),
    serialNumber: text('serial_number'),
    manufacturer: text('manufacturer'),
    model: text('model'),
    /** The first day of the month of manufacture (labels give month and year). */
    manufacturedOn: date('manufactured_on', { mode: 'string' }),
    installedOn: date('installed_on', { mode: 'string' }),
    status: text('status').notNull().default('in_service'),
    statusReason: text('status_reason'),
    replacedById: integer('replaced_by_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** The walking order within its floor: the order devices were added unless moved. */
    walkOrder: integer('walk_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_tag_key').on(t.tag),
    // A property's devices in walking order: the device list and the walk-through.
    index('devices_property_walk_idx').on(t.propertyId, t.itemType, t.building, t.floor, t.walkOrder, t.id),
    // Deleting an organisation cascades here.
    index('devices_organization_idx').on(t.organizationId),
    index('devices_serial_idx').on(t.organizationId, t.serialNumber).where(sql`${t.serialNumber} is not null`),
    check('devices_status_check', sql`${t.status} in ('in_service', 'out_of_service', 'removed', 'replaced')`),
  ],
);

/**
 * A device's own clock for one of its property's requirements (the activity), where that
 * requirement's library row applies to the device's kind. nextDueDate is null when it counts
 * from a manufacture date the device lacks (dueUnknown): shown as not known, never guessed.
 */
export const deviceRequirements = pgTable(
  'device_requirements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    /** last_done (monthly, annual), manufacture or installation: what its first date counts from. */
    countsFrom: text('counts_from').notNull().default('last_done'),
    lastDoneOn: date('last_done_on', { mode: 'string' }),
    lastResult: complianceResult('last_result'),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    /**
     * The requirement's next due date when the device joined it: the date a clock counted from
     * the last day done keeps while nothing has been done on it (it joins the round), kept apart
     * from nextDueDate so that undoing a completion that counted for the device puts it back.
     */
    joinedDueOn: date('joined_due_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_requirements_device_requirement_key').on(t.deviceId, t.requirementId),
    // The walk-through list: a requirement's devices by due date.
    index('device_requirements_requirement_due_idx').on(t.requirementId, t.nextDueDate),
    index('device_requirements_property_idx').on(t.propertyId),
    index('device_requirements_organization_idx').on(t.organizationId),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceRequirementRow = typeof deviceRequirements.$inferSelect;
