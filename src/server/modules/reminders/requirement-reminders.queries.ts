import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { unscheduledSql } from '../compliance/compliance.sql';
import { recipientsLateralSql, type MailRecipient } from '../notifications/recipients.queries';
import type { ReminderType } from './reminder-rules';
import { notDueAgainSql, reminderAccountsSql, reminderTypeSql, reminderWindowSql } from './reminders.queries';
import { unknownLastDoneSql } from './unknown-last-done.queries';

/** A reminder about a requirement that is due with no open inspection ("Due, not scheduled"). */
export interface DueRequirementReminder {
  requirementId: number;
  organizationId: number;
  reminderType: ReminderType;
  daysUntilDue: number;
  dueDate: string;
  inspectionType: string;
  activity: string;
  propertyId: number;
  propertyName: string;
  propertyAddress: string;
  managerEmail: string;
  /** The members it goes to (recipientsLateralSql), at least one of them with a confirmed address. */
  recipients: MailRecipient[];
  /** The organisation's first owner, whom the property manager's own message names. */
  ownerId: number;
  ownerEmail: string;
  ownerName: string;
  frequency: 'daily' | 'weekly' | 'custom';
  leadTimeDays: number;
  maxReminders: number;
}

export interface RequirementSweepCursor {
  dueDate: string;
  requirementId: number;
}

/**
 * The same reminders as an open inspection gets (findDueReminders: the same organisations,
 * windows, repeats and recipients, less an assigned inspector), for each active requirement with no open inspection, once per due date:
 * keyed by (requirement, type, due date) in requirement_reminder_logs. Requirements with no known
 * last date are left to the daily digest (sendUnknownLastDoneDigests).
 */
export async function findDueRequirementReminders(db: DbOrTx, now: Date, limit: number, after?: RequirementSweepCursor): Promise<DueRequirementReminder[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const cursor = after ? sql`and (c.next_due_date, c.requirement_id) > (${after.dueDate}::date, ${after.requirementId})` : sql``;
  const result = await db.execute<DueRequirementReminder & Record<string, unknown>>(sql`
    with accounts as (${reminderAccountsSql(now)}),
    candidates as (
      select r.id as requirement_id, a.*, r.next_due_date, r.item_type, r.activity, r.property_id,
             p.name as property_name, p.manager_email,
             concat_ws(', ', p.address_line1, p.address_line2, p.city, p.state || ' ' || p.zip) as property_address,
             (r.next_due_date - a.today) as days_until_due,
             ${reminderTypeSql('r.next_due_date')} as reminder_type
      from accounts a
      join requirements r on r.organization_id = a.organization_id and ${unscheduledSql('r')}
        -- One whose last date nobody knows is due now until someone records it: it is counted in
        -- the organisation's daily digest (unknown-last-done.queries.ts), never reminded of alone.
        and not ${unknownLastDoneSql('r')}
        and ${reminderWindowSql('r.next_due_date', 'r.created_at', now)}
      join properties p on p.id = r.property_id
    )
    select c.requirement_id as "requirementId", c.organization_id as "organizationId", c.reminder_type as "reminderType",
           c.days_until_due as "daysUntilDue", to_char(c.next_due_date, 'YYYY-MM-DD') as "dueDate",
           c.item_type as "inspectionType", c.activity, c.property_id as "propertyId",
           c.property_name as "propertyName", c.property_address as "propertyAddress",
           c.manager_email as "managerEmail", rc.recipients, c.owner_id as "ownerId", c.owner_email as "ownerEmail",
           c.owner_name as "ownerName", c.frequency,
           c.lead_time_days as "leadTimeDays", c.max_reminders as "maxReminders"
    from candidates c
    -- Nothing is scheduled yet, so no inspector is assigned: the property's members alone.
    cross join lateral (${recipientsLateralSql('emailInspectionReminders', sql`c.organization_id`, sql`c.property_id`, null)}) rc
    where c.reminder_type is not null
      and c.max_reminders > 0
      ${cursor}
      and ${notDueAgainSql('requirement', 'c.requirement_id', 'c.next_due_date', at)}
      and rc.any_confirmed
    order by c.next_due_date, c.requirement_id
    limit ${limit}
  `);
  return result.rows;
}
