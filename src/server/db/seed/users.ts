import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../client';
import { users } from '../schema/index';
import { hashPassword } from '../../passwords';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let defaultHash: Promise<string> | undefined;

export interface SeedUserInput {
  username?: string;
  email?: string;
  fullName?: string;
  password?: string;
  timeZone?: string;
  /** Whether the address is confirmed; true unless a test is about an unconfirmed one. */
  confirmed?: boolean;
}

/** Inserts an account directly (tests, demo data, benchmarks); unique names by default. */
export async function createUser(db: DbOrTx, input: SeedUserInput = {}) {
  const suffix = randomBytes(4).toString('hex');
  const password = input.password ?? DEFAULT_PASSWORD;
  const passwordHash = input.password ? await hashPassword(password) : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({
      username: input.username ?? `user_${suffix}`,
      email: input.email ?? `user_${suffix}@example.com`,
      fullName: input.fullName ?? 'Pat Manager',
      timeZone: input.timeZone ?? 'UTC',
      emailConfirmedAt: input.confirmed === false ? null : new Date(),
      passwordHash,
    })
    .returning();
  return { user: user!, password };
}
