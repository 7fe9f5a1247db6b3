import type PgBoss from 'pg-boss';
import type { InspectionType } from '@shared/enums';
import type { Config } from '../../config';
import type { Tx } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { countRecentMail, lockAccountMail, type MailLog } from '../../email/quota';
import { complianceAlertEmail, complianceAlertSummaryEmail, managerComplianceAlertEmail } from '../../email/templates/compliance-alert';
import { inviteManager, planManagerMail, queueManagerMail } from '../mail-consent/mail-consent.service';
import { findAlertRecipients } from './compliance-alert.queries';

/** In any 60 minutes an account gets at most this many alerts, then one summary, then none. */
export const ALERTS_PER_HOUR = 20;
const SUPPRESSED = `Not sent: more than ${ALERTS_PER_HOUR} compliance alerts in an hour (the summary said so)`;

/**
 * A non-compliant finding, e-mailed in the completing transaction to the account (if its
 * compliance alerts are on) and, as a message of its own, to the property's manager once
 * the manager has confirmed (the first time, the manager is asked instead: mail-consent).
 * The limit is decided under the account's mail lock, so concurrent completions count right.
 */
export async function queueComplianceAlert(
  tx: Tx,
  deps: { boss: PgBoss; config: Config; log?: MailLog },
  finding: { organizationId: number; propertyId: number; inspectionType: InspectionType; inspectedOn: string; notes: string },
): Promise<void> {
  const row = await findAlertRecipients(tx.db, finding.organizationId, finding.propertyId);
  if (!row || !row.settings.emailComplianceAlerts) return;
  const name = row.name || row.username;
  const settingsUrl = `${deps.config.appUrl}/settings`;

  await lockAccountMail(tx, finding.organizationId);
  const sent = await countRecentMail(tx, finding.organizationId, ['compliance_alert'], '1 hour');
  const alert = complianceAlertEmail({
    name,
    propertyName: row.propertyName,
    inspectionType: finding.inspectionType,
    inspectedOn: finding.inspectedOn,
    notes: finding.notes,
    propertyUrl: `${deps.config.appUrl}/properties/${finding.propertyId}`,
    settingsUrl,
  });
  if (sent >= ALERTS_PER_HOUR) {
    const summarised = await countRecentMail(tx, finding.organizationId, ['compliance_alert_summary'], '1 hour');
    if (summarised === 0) {
      await queueEmail(
        tx,
        deps.boss,
        {
          kind: 'compliance_alert_summary',
          organizationId: finding.organizationId,
          userId: row.userId,
          to: row.email,
          ...complianceAlertSummaryEmail({ name, limit: ALERTS_PER_HOUR, propertiesUrl: `${deps.config.appUrl}/properties?status=non_compliant`, settingsUrl }),
        },
        { log: deps.log },
      );
    }
    // Kept as a record of what was found, not sent.
    await queueEmail(tx, deps.boss, { kind: 'compliance_alert', organizationId: finding.organizationId, userId: row.userId, to: row.email, ...alert }, { suppress: SUPPRESSED });
    return;
  }

  await queueEmail(tx, deps.boss, { kind: 'compliance_alert', organizationId: finding.organizationId, userId: row.userId, to: row.email, ...alert }, { log: deps.log });
  const account = { id: finding.organizationId, userId: row.userId, email: row.email, name };
  const manager = await planManagerMail(tx, account, row.managerEmail);
  if (manager.kind === 'invite') {
    await inviteManager(tx, deps, account, { address: manager.address, propertyName: row.propertyName });
  } else if (manager.kind === 'send') {
    await queueManagerMail(tx, deps, manager, {
      kind: 'manager_compliance_alert',
      organizationId: finding.organizationId,
      userId: row.userId,
      content: (unsubscribeUrl) =>
        managerComplianceAlertEmail({
          accountName: name,
          accountEmail: row.email,
          propertyName: row.propertyName,
          inspectionType: finding.inspectionType,
          inspectedOn: finding.inspectedOn,
          notes: finding.notes,
          unsubscribeUrl,
        }),
    });
  }
}
