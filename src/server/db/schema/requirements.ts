import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { complianceResult, inspectionType } from './enums';
import { properties } from './properties';
import { organizations } from './organizations';

/** An interval is either months or days, never both, and positive. */
const intervalCheck = (name: string) =>
  check(name, sql`(interval_months is null) <> (interval_days is null) and coalesce(interval_months, interval_days) > 0`);

/**
 * The default schedule of each safety item under each code set: what must be done, how often,
 * when it applies and the standard that says so. Kept as data in
 * src/server/modules/requirements/library/ and written here after every migration
 * (syncLibrary); listed in docs/compliance-schedule.md. One entry per (code set, type) is the
 * principal (annual) one that an inspection without a requirement counts for.
 */
export const requirementLibrary = pgTable(
  'requirement_library',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The code set it belongs to (src/shared/code-sets.ts). */
    codeSet: text('code_set').notNull().default('us-nfpa'),
    /** Stable name within its code set ("extinguisher.hydrostatic-5y"): how the data finds its row. */
    key: text('key').notNull(),
    itemType: inspectionType('item_type').notNull(),
    activity: text('activity').notNull(),
    intervalMonths: integer('interval_months'),
    intervalDays: integer('interval_days'),
    /** Standard, edition and section, or "Firemark default" where none was checked. */
    source: text('source').notNull(),
    /** When the entry applies, where the standard limits it. */
    note: text('note'),
    principal: boolean('principal').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    /**
     * The answers about the safety item it needs (src/shared/item-conditions.ts), as
     * { question: [values] }: it applies when every question's answer holds one of the values,
     * or is not answered yet. Null: always.
     */
    appliesWhen: jsonb('applies_when').$type<Record<string, string[]>>(),
    /** Where the code gives a window around the due date (NFPA 25's quarterly 2-4 months): how far before and after. */
    windowBeforeMonths: integer('window_before_months'),
    windowAfterMonths: integer('window_after_months'),
    /** What the first due date counts from when nothing was done yet: the last one done, installation or manufacture. */
    countsFrom: text('counts_from').notNull().default('last_done'),
    /**
     * For a row counted from installation or manufacture: months from that day to the first
     * one (a sprinkler field test at 50 years); later ones come every interval. Null: the interval.
     */
    firstAfterMonths: integer('first_after_months'),
    /**
     * Keys (same code set) of the rows whose clock a completion of this one restarts: NFPA 10's
     * 12-year hydrostatic test restarts the 6-year maintenance. Null: none.
     */
    restarts: text('restarts').array(),
    /** No longer in the data: kept for the requirements made from it, never given to a property again. */
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [
    uniqueIndex('requirement_library_set_key').on(t.codeSet, t.key),
    uniqueIndex('requirement_library_set_type_activity_key').on(t.codeSet, t.itemType, t.activity).where(sql`not ${t.retired}`),
    uniqueIndex('requirement_library_set_principal_key').on(t.codeSet, t.itemType).where(sql`${t.principal} and not ${t.retired}`),
    intervalCheck('requirement_library_interval_check'),
  ],
);

/**
 * One recurring activity of one safety item of one property. The compliance item of its
 * (property, type) rolls its active requirements up; nextDueDate is always set.
 */
export const requirements = pgTable(
  'requirements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Denormalised owner, as on inspections: the due list is one indexed scan per account. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    itemType: inspectionType('item_type').notNull(),
    /** The library entry it came from; null for a custom requirement. */
    libraryId: integer('library_id').references(() => requirementLibrary.id, { onDelete: 'set null' }),
    activity: text('activity').notNull(),
    intervalMonths: integer('interval_months'),
    intervalDays: integer('interval_days'),
    source: text('source'),
    note: text('note'),
    principal: boolean('principal').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** "Schedule the next inspection automatically" when one is completed with a result. */
    autoSchedule: boolean('auto_schedule').notNull().default(true),
    lastDoneOn: date('last_done_on', { mode: 'string' }),
    lastResult: complianceResult('last_result'),
    /** The notes of the inspection that gave lastResult: a failure's findings travel to the item and the PDF. */
    lastNotes: text('last_notes'),
    nextDueDate: date('next_due_date', { mode: 'string' }).notNull(),
    /**
     * Where the code gives a window (the library's windowBeforeMonths), the day it opens;
     * nextDueDate is then the day it closes, after which it is overdue.
     */
    windowOpensOn: date('window_opens_on', { mode: 'string' }),
    /**
     * False when the answers about the safety item say it does not apply (no panic hardware,
     * no 5-year agents): kept with its history, not due, not below the code minimum.
     */
    applies: boolean('applies').notNull().default(true),
    /**
     * Nobody has said when it was last done (issue 35): "Not known" when it was added, or a
     * first date guessed before anyone was asked. Meaningless once lastDoneOn is set; settle
     * clears it when a result is recorded.
     */
    lastDoneUnknown: boolean('last_done_unknown').notNull().default(false),
    /**
     * The day a person said it was last done when the safety item was added, with no result
     * recorded: the schedule counts from it until a completion with a result does
     * (docs/decisions/034-last-done-when-added.md). lastDoneOn stays the last result's day.
     */
    lastDoneStatedOn: date('last_done_stated_on', { mode: 'string' }),
    /**
     * Its first date was guessed from the day it was added (a non-principal library requirement
     * added without a last-done date, or migrated), not counted from a known date nor "due now".
     */
    nextDueEstimated: boolean('next_due_estimated').notNull().default(false),
    /**
     * Whether an inspection of it is open, kept by every inspection change (settleRequirement):
     * "Due, not scheduled" is then one range of an index, on the dashboard as in the sweep.
     */
    hasOpenInspection: boolean('has_open_inspection').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requirements_property_type_idx').on(t.propertyId, t.itemType),
    uniqueIndex('requirements_property_library_key').on(t.propertyId, t.libraryId),
    uniqueIndex('requirements_principal_key').on(t.propertyId, t.itemType).where(sql`${t.principal}`),
    // Dashboard, upcoming, bell, calendar and reminders: what is due with nothing scheduled.
    index('requirements_unscheduled_due_idx').on(t.organizationId, t.nextDueDate).where(sql`${t.active} and not ${t.hasOpenInspection}`),
    // The reminder sweep's daily digest: what has no known last date and nothing scheduled.
    index('requirements_unknown_last_done_idx')
      .on(t.organizationId, t.propertyId)
      .where(sql`${t.active} and not ${t.hasOpenInspection} and ${t.lastDoneUnknown} and ${t.lastDoneOn} is null`),
    intervalCheck('requirements_interval_check'),
  ],
);

/** Who changed a requirement, when, what and why: kept beside the source it departs from. */
export const requirementChanges = pgTable(
  'requirement_changes',
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
    /** item_added, custom_added, switched_off, switched_on, interval_changed, auto_schedule_on, auto_schedule_off. */
    kind: text('kind').notNull(),
    /** What changed, in words ("Every 12 months -> every 6 months"). */
    detail: text('detail').notNull(),
    reason: text('reason'),
    /** The account's name when the change was made. */
    changedBy: text('changed_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('requirement_changes_requirement_idx').on(t.requirementId, t.createdAt)],
);

/**
 * Reminders about a requirement that is due with no open inspection ("Due, not scheduled"),
 * apart from inspection reminders: each (requirement, type) at most once per due date.
 */
export const requirementReminderLogs = pgTable(
  'requirement_reminder_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    reminderType: text('reminder_type').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    emailSent: boolean('email_sent').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reminderCount: integer('reminder_count').notNull().default(1),
    nextScheduledAt: timestamp('next_scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requirement_reminder_logs_requirement_type_due_key').on(t.requirementId, t.reminderType, t.dueDate),
    index('requirement_reminder_logs_org_idx').on(t.organizationId),
  ],
);

/**
 * What a property has said about one of its safety items (the questions of
 * src/shared/item-conditions.ts: which extinguisher agents, battery or generator lighting):
 * which library requirements apply to it.
 */
export const safetyItemAnswers = pgTable(
  'safety_item_answers',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    itemType: inspectionType('item_type').notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.itemType] }),
    // Deleting an organisation cascades here: without it, that delete reads the whole table.
    index('safety_item_answers_organization_idx').on(t.organizationId),
  ],
);
