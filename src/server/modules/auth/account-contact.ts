import type { DbOrTx } from '../../db/client';
import type { NotificationSettings } from '@shared/schemas/auth';
import { notFound } from '../../errors';
import { findUserById } from './auth.queries';

/** What other modules may know of an account beyond `Account`: how to address it and mail it. */
export interface AccountContact {
  email: string;
  username: string;
  fullName: string | null;
  /** The name to greet or print: the full name, else the username. */
  name: string;
  emailConfirmed: boolean;
  notificationSettings: NotificationSettings;
}

/** Read by the person's id (`account.userId`), in the caller's transaction when it has one; the users row stays in this module. */
export async function accountContact(db: DbOrTx, userId: number): Promise<AccountContact> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('Account not found');
  return {
    email: user.email,
    username: user.username,
    fullName: user.fullName,
    name: user.fullName || user.username,
    emailConfirmed: user.emailConfirmedAt !== null,
    notificationSettings: user.notificationSettings,
  };
}
