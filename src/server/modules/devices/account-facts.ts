import { todayInTimeZone } from '@shared/dates';
import type { Account } from '../../account';
import type { DbOrTx } from '../../db/client';
import { accountContact } from '../auth/account-contact';

/** The caller's today in the organisation's time zone: the day device writes settle compliance on. */
export const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());

/** The caller's name, kept with the requirement changes a device write brings. */
export const nameOf = async (db: DbOrTx, account: Account) => (await accountContact(db, account.userId)).name;
