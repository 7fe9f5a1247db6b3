import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { activityBasis, complianceResult, inspectionStatus, inspectionType } from './enums';
import { inspectors } from './inspectors';
import { properties } from './properties';
import { requirements } from './requirements';
import { organizations } from './organizations';

export const inspections = pgTable(
  'inspections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Denormalised owner so that every list is one indexed scan per account. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    inspectionType: inspectionType('inspection_type').notNull(),
    /** The requirement it is done for; without one it counts for its type's principal requirement. */
    requirementId: integer('requirement_id').references(() => requirements.id, { onDelete: 'set null' }),
    /** How its activity was known: stated, not stated (counted for the principal one), or assumed by migration 0011. */
    activityBasis: activityBasis('activity_basis').notNull().default('stated'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    status: inspectionStatus('status').notNull().default('scheduled'),
    complianceResult: complianceResult('compliance_result'),
    /** Instructions: typed when it was scheduled or edited; completing it never changes them. */
    notes: text('notes'),
    /** Findings: typed when it was completed or its result recorded. */
    completionNotes: text('completion_notes'),
    assignedTo: text('assigned_to').notNull(),
    rescheduleReason: text('reschedule_reason'),
    /** The account's inspector who performs it; assignedTo stays the display name (SPEC). */
    inspectorId: integer('inspector_id').references(() => inspectors.id, { onDelete: 'set null' }),
    /** The licence as it stood at completion, so a later edit of the inspector does not rewrite the record. */
    inspectorLicenceNumber: text('inspector_licence_number'),
    inspectorLicenceExpiresOn: date('inspector_licence_expires_on', { mode: 'string' }),
    /** The attestation given at completion: the statement accepted and the name typed. */
    attestationStatement: text('attestation_statement'),
    /** performer (the signer did it) or recorder (the signer records another's inspection). */
    attestationRole: text('attestation_role'),
    attestationName: text('attestation_name'),
    attestedAt: timestamp('attested_at', { withTimezone: true }),
    /** Recorded as past history (Record past inspections, Import inspection history): such a completion may be replaced by a correction. */
    recordedFromHistory: boolean('recorded_from_history').notNull().default(false),
    /**
     * The failed inspection this one re-tests: scheduled when its last deficiency was corrected
     * on an item the code asks to test again after a repair (src/shared/retest-after-correction.ts).
     */
    retestOfId: integer('retest_of_id').references((): AnyPgColumn => inspections.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inspections_org_due_idx').on(t.organizationId, t.dueDate),
    index('inspections_property_due_idx').on(t.propertyId, t.dueDate),
    // Open inspections drive the dashboard, the upcoming list, limits and reminders. The id
    // after the due date is the upcoming list's order, so its first page reads 20 entries even
    // when thousands fall due on one day.
    index('inspections_open_due_idx')
      .on(t.organizationId, t.dueDate, t.id)
      .where(sql`${t.status} in ('scheduled', 'in_progress')`),
    // Whether a requirement has an open inspection ("Due, not scheduled" otherwise).
    // Deleting an inspector clears it from its inspections without scanning them all.
    index('inspections_inspector_idx').on(t.inspectorId).where(sql`${t.inspectorId} is not null`),
    index('inspections_requirement_open_idx')
      .on(t.requirementId)
      .where(sql`${t.status} in ('scheduled', 'in_progress')`),
    // A requirement's completions (restarts.queries.ts: the activity that restarts another's
    // clock) without reading every inspection.
    index('inspections_requirement_completed_idx')
      .on(t.requirementId, t.completedDate)
      .where(sql`${t.status} = 'completed' and ${t.requirementId} is not null`),
    // One re-test per failed inspection; finds a failure's re-test without a scan.
    uniqueIndex('inspections_retest_of_idx').on(t.retestOfId).where(sql`${t.retestOfId} is not null`),
    // Completions by month for an organisation (the Insight on-time figure). Migration 0051 adds
    // INCLUDE (due_date) by hand, so the current month is counted from the index alone.
    index('inspections_org_completed_idx')
      .on(t.organizationId, t.completedDate)
      .where(sql`${t.status} = 'completed'`),
    // inspections_id_completed_idx (id) INCLUDE (completed_date), for the deficiency-age figure, is
    // in migration 0053 alone: drizzle has no INCLUDE.
    // Completions whose activity is not stated or assumed: the review list, per organisation.
    index('inspections_activity_review_idx')
      .on(t.organizationId, t.completedDate)
      .where(sql`${t.activityBasis} <> 'stated' and ${t.status} = 'completed'`),
  ],
);
