import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, properties, users } from '../../db/schema/index';
import type { Tx } from '../../db/transaction';

/**
 * The property an alert is about, and the organisation's first owner, whom the property
 * manager's own message names. Who else receives it: notifications/recipients.queries.
 */
export async function findAlertProperty(db: DbOrTx, organizationId: number, propertyId: number) {
  const [row] = await db
    .select({
      ownerId: users.id,
      ownerEmail: users.email,
      ownerName: users.fullName,
      ownerUsername: users.username,
      propertyName: properties.name,
      managerEmail: properties.managerEmail,
    })
    .from(properties)
    .innerJoin(memberships, and(eq(memberships.organizationId, properties.organizationId), eq(memberships.role, 'owner')))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(properties.id, propertyId), eq(properties.organizationId, organizationId)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row ?? null;
}

/**
 * Mail of this kind the organisation sent one member (`userId`) or one address within the
 * last hour, suppressed mail not counted: the alert limit is per person, so one member's busy
 * hour does not silence another's alerts.
 */
export async function countRecentMailTo(tx: Tx, organizationId: number, kind: string, to: { userId: number } | { address: string }): Promise<number> {
  const byUser = 'userId' in to;
  const result = await tx.executeSql(
    `select count(*)::int as n from email_outbox
     where organization_id = $1 and kind = $2 and created_at > now() - interval '1 hour' and status <> 'suppressed'
       and ${byUser ? 'user_id = $3::int' : 'to_address = $3::text'}`,
    [organizationId, kind, byUser ? to.userId : to.address],
  );
  return result.rows[0].n as number;
}
