import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { InspectionType } from '@shared/enums';
import type { Config } from '../../config';
import { properties, users } from '../../db/schema/index';
import type { Tx } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { complianceAlertEmail } from '../../email/templates/compliance-alert';

/**
 * A non-compliant finding, e-mailed in the completing transaction to the account (if its
 * compliance alerts are on) with the property's manager in copy: the manager is usually the
 * one who has to get it fixed.
 */
export async function queueComplianceAlert(
  tx: Tx,
  deps: { boss: PgBoss; config: Config },
  finding: { userId: number; propertyId: number; inspectionType: InspectionType; inspectedOn: string; notes: string },
): Promise<void> {
  const [row] = await tx.db
    .select({
      email: users.email,
      name: users.fullName,
      username: users.username,
      settings: users.notificationSettings,
      propertyName: properties.name,
      managerEmail: properties.managerEmail,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(and(eq(properties.id, finding.propertyId), eq(properties.userId, finding.userId)));
  if (!row || !row.settings.emailComplianceAlerts) return;
  await queueEmail(tx, deps.boss, {
    kind: 'compliance_alert',
    userId: finding.userId,
    to: row.email,
    cc: row.managerEmail.toLowerCase() === row.email.toLowerCase() ? [] : [row.managerEmail],
    ...complianceAlertEmail({
      name: row.name || row.username,
      propertyName: row.propertyName,
      inspectionType: finding.inspectionType,
      inspectedOn: finding.inspectedOn,
      notes: finding.notes,
      propertyUrl: `${deps.config.appUrl}/properties/${finding.propertyId}`,
      settingsUrl: `${deps.config.appUrl}/settings`,
    }),
  });
}
