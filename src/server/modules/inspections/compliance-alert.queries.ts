import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { properties, users } from '../../db/schema/index';

/** Who a compliance alert about this property goes to: the owning account, and its property manager. */
export async function findAlertRecipients(db: DbOrTx, userId: number, propertyId: number) {
  const [row] = await db
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
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
  return row ?? null;
}
