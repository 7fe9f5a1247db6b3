import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFICIENCY_SEVERITIES } from '@shared/records';
import { devices } from './devices';
import { inspectionType } from './enums';
import { inspections } from './inspections';
import { properties } from './properties';
import { organizations } from './organizations';

export const deficiencySeverity = pgEnum('deficiency_severity', DEFICIENCY_SEVERITIES);

/**
 * What a non-compliant result found, opened by that inspection and open until corrected.
 * Whether the item is still non-compliant follows them (compliance.queries settleRequirement).
 */
export const deficiencies = pgTable(
  'deficiencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    itemType: inspectionType('item_type').notNull(),
    /** The device it was found on (a walk-through's Fail), when the item has devices. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    severity: deficiencySeverity('severity').notNull(),
    location: text('location'),
    correctiveAction: text('corrective_action'),
    dueBy: date('due_by', { mode: 'string' }),
    correctedOn: date('corrected_on', { mode: 'string' }),
    correctedBy: text('corrected_by'),
    correctionNote: text('correction_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deficiencies_inspection_idx').on(t.inspectionId),
    index('deficiencies_property_idx').on(t.propertyId, t.createdAt),
    // Open counts per property on every property list page.
    index('deficiencies_property_open_idx').on(t.propertyId, t.severity).where(sql`${t.correctedOn} is null`),
    // Open deficiencies per account: the dashboard count and the bell.
    // A device's deficiencies (its history and whether it is failed).
    index('deficiencies_device_idx').on(t.deviceId).where(sql`${t.deviceId} is not null`),
    index('deficiencies_org_open_idx').on(t.organizationId, t.severity).where(sql`${t.correctedOn} is null`),
    // Corrected deficiencies across properties (GET /api/deficiencies?status=corrected|all): open
    // ones are read from open_deficiency_found, corrected ones would otherwise read every row.
    index('deficiencies_org_corrected_idx').on(t.organizationId, t.correctedOn).where(sql`${t.correctedOn} is not null`),
  ],
);

/** A photo of a deficiency; the bytes live in the FileStore under storageKey. */
export const deficiencyPhotos = pgTable(
  'deficiency_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deficiencyId: integer('deficiency_id')
      .notNull()
      .references(() => deficiencies.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /**
     * When the stored bytes were written by the image codec (decoded with a pixel limit and
     * re-encoded). Null only on photos stored before that, until the re-encoding job reaches them.
     */
    reencodedAt: timestamp('reencoded_at', { withTimezone: true }),
    /** Set when a stored photo could not be decoded: kept, never embedded in a report, listed. */
    quarantinedAt: timestamp('quarantined_at', { withTimezone: true }),
    quarantineReason: text('quarantine_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deficiency_photos_deficiency_idx').on(t.deficiencyId)],
);
