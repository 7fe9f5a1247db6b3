import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, properties, users } from '../../db/schema/index';

/** Who a compliance alert about this property goes to: the organisation's first owner, and the property manager. */
export async function findAlertRecipients(db: DbOrTx, organizationId: number, propertyId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.fullName,
      username: users.username,
      settings: users.notificationSettings,
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
