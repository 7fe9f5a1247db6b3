import type PgBoss from 'pg-boss';
import type { InspectionType } from '@shared/enums';
import type { Config } from '../../config';
import type { Tx } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { lockAccountMail, type MailLog } from '../../email/quota';
import { complianceAlertEmail, complianceAlertSummaryEmail, managerComplianceAlertEmail } from '../../email/templates/compliance-alert';
import { inviteManager, planManagerMail, queueManagerMail } from '../mail-consent/mail-consent.service';
import { findRecipients } from '../notifications/recipients.queries';
import { countRecentMailTo, findAlertProperty } from './compliance-alert.queries';

/** In any 60 minutes a member (and a manager address) gets at most this many alerts, then one summary, then none. */
export const ALERTS_PER_HOUR = 20;
const SUPPRESSED = `Not sent: more than ${ALERTS_PER_HOUR} compliance alerts in an hour (the summary said so)`;

const canonical = (address: string) => address.trim().toLowerCase();

/**
 * A non-compliant finding, e-mailed in the completing transaction to each member who looks
 * after the property and has compliance alerts on (owners, admins, managers with every
 * property or given this one: notifications/recipients.queries), each within their own hourly
 * limit; and, as a message of its own, to the property's manager address once it has
 * confirmed (the first time, it is asked instead: mail-consent), naming the organisation's
 * first owner. Nothing at all when no member asks for alerts. The limits are decided under
 * the organisation's mail lock, so concurrent completions count right.
 */
export async function queueComplianceAlert(
  tx: Tx,
  deps: { boss: PgBoss; config: Config; log?: MailLog },
  finding: { organizationId: number; propertyId: number; inspectionType: InspectionType; inspectedOn: string; notes: string },
): Promise<void> {
  const property = await findAlertProperty(tx.db, finding.organizationId, finding.propertyId);
  if (!property) return;
  const recipients = await findRecipients(tx.db, 'emailComplianceAlerts', finding);
  if (recipients.length === 0) return;
  const settingsUrl = `${deps.config.appUrl}/settings`;
  const organizationId = finding.organizationId;

  await lockAccountMail(tx, organizationId);
  for (const recipient of recipients) {
    const mail = { organizationId, userId: recipient.userId, to: recipient.email };
    const alert = complianceAlertEmail({
      name: recipient.name,
      propertyName: property.propertyName,
      inspectionType: finding.inspectionType,
      inspectedOn: finding.inspectedOn,
      notes: finding.notes,
      propertyUrl: `${deps.config.appUrl}/properties/${finding.propertyId}`,
      settingsUrl,
    });
    if ((await countRecentMailTo(tx, organizationId, 'compliance_alert', recipient)) < ALERTS_PER_HOUR) {
      await queueEmail(tx, deps.boss, { kind: 'compliance_alert', ...mail, ...alert }, { log: deps.log });
      continue;
    }
    if ((await countRecentMailTo(tx, organizationId, 'compliance_alert_summary', recipient)) === 0) {
      const summary = complianceAlertSummaryEmail({
        name: recipient.name,
        limit: ALERTS_PER_HOUR,
        propertiesUrl: `${deps.config.appUrl}/properties?status=non_compliant`,
        settingsUrl,
      });
      await queueEmail(tx, deps.boss, { kind: 'compliance_alert_summary', ...mail, ...summary }, { log: deps.log });
    }
    // Kept as a record of what was found, not sent.
    await queueEmail(tx, deps.boss, { kind: 'compliance_alert', ...mail, ...alert }, { suppress: SUPPRESSED });
  }

  if (recipients.some((r) => r.confirmed && canonical(r.email) === canonical(property.managerEmail))) return;
  const account = { id: organizationId, userId: property.ownerId, email: property.ownerEmail, name: property.ownerName || property.ownerUsername };
  const manager = await planManagerMail(tx, account, property.managerEmail);
  if (manager.kind === 'invite') {
    await inviteManager(tx, deps, account, { address: manager.address, propertyName: property.propertyName });
  } else if (manager.kind === 'send' && (await countRecentMailTo(tx, organizationId, 'manager_compliance_alert', { address: manager.address })) < ALERTS_PER_HOUR) {
    await queueManagerMail(tx, deps, manager, {
      kind: 'manager_compliance_alert',
      organizationId,
      userId: property.ownerId,
      content: (unsubscribeUrl) =>
        managerComplianceAlertEmail({
          accountName: account.name,
          accountEmail: account.email,
          propertyName: property.propertyName,
          inspectionType: finding.inspectionType,
          inspectedOn: finding.inspectedOn,
          notes: finding.notes,
          unsubscribeUrl,
        }),
    });
  }
}
