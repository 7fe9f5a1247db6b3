import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deficiencies } from './deficiencies';
import { devices } from './devices';
import { inspections } from './inspections';
import { organizations } from './organizations';
import { properties } from './properties';
import { requirements } from './requirements';
import { users } from './users';

/**
 * A walk through a property for one activity (the monthly extinguisher check): its inspection
 * is in progress while devices are tapped, and is completed with one attestation when the walk
 * finishes. One open walk per (property, requirement), so anyone may resume it.
 */
export const walkthroughs = pgTable(
  'walkthroughs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    /** The inspection the walk records: the requirement's open one when it began, or one opened for it. */
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('walkthroughs_open_key').on(t.propertyId, t.requirementId).where(sql`${t.status} = 'open'`),
    index('walkthroughs_inspection_idx').on(t.inspectionId),
    index('walkthroughs_organization_idx').on(t.organizationId),
    check('walkthroughs_status_check', sql`${t.status} in ('open', 'finished', 'abandoned')`),
  ],
);

/**
 * What a walk recorded for one device: the latest tap wins (one row per device), and the id the
 * phone made for the tap makes a tap sent twice count once.
 */
export const walkthroughResults = pgTable(
  'walkthrough_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    walkthroughId: integer('walkthrough_id')
      .notNull()
      .references(() => walkthroughs.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** pass, fail or not_accessible (src/shared/devices.ts). */
    result: text('result').notNull(),
    /** Not accessible: why. */
    reason: text('reason'),
    /** Fail: the checklist items that failed (src/shared/device-checklists). */
    failedChecks: text('failed_checks').array(),
    /** Fail: the deficiency it opened on the walk's inspection. */
    deficiencyId: integer('deficiency_id').references(() => deficiencies.id, { onDelete: 'set null' }),
    /** The id the phone made for the tap. */
    clientId: uuid('client_id').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('walkthrough_results_device_key').on(t.walkthroughId, t.deviceId),
    uniqueIndex('walkthrough_results_client_key').on(t.clientId),
    // A device's history, newest first.
    index('walkthrough_results_device_idx').on(t.deviceId, t.recordedAt),
    index('walkthrough_results_organization_idx').on(t.organizationId),
    check('walkthrough_results_result_check', sql`${t.result} in ('pass', 'fail', 'not_accessible')`),
  ],
);

/**
 * Every id a phone made for a tap, kept after a later tap on the device (or its clearing)
 * replaced it: an old tap sent again is known and answered with what stands, never applied
 * again. Ids are unique across Firemark, as the phone makes them (random UUIDs).
 */
export const walkthroughTapIds = pgTable(
  'walkthrough_tap_ids',
  {
    clientId: uuid('client_id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    walkthroughId: integer('walkthrough_id')
      .notNull()
      .references(() => walkthroughs.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('walkthrough_tap_ids_walkthrough_idx').on(t.walkthroughId, t.deviceId), index('walkthrough_tap_ids_organization_idx').on(t.organizationId), index('walkthrough_tap_ids_device_idx').on(t.deviceId)],
);

export type WalkthroughRow = typeof walkthroughs.$inferSelect;
export type WalkthroughResultRow = typeof walkthroughResults.$inferSelect;
export type WalkthroughTapIdRow = typeof walkthroughTapIds.$inferSelect;
