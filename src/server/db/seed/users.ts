import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../client';
import type { Role } from '@shared/permissions';
import { memberships, membershipProperties, organizations, users } from '../schema/index';
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
  // Every person has an organisation of their own, with their id, as sign-up makes it.
  await db.insert(organizations).values({ id: user!.id, name: user!.fullName ?? user!.username, timeZone: user!.timeZone });
  await db.insert(memberships).values({ organizationId: user!.id, userId: user!.id, role: 'owner' });
  return { user: user!, password };
}

export interface SeedMemberInput extends SeedUserInput {
  organizationId: number;
  role: Role;
  /** The properties a limited member is given; omitted for every property. */
  propertyIds?: number[];
  inspectorId?: number | null;
}

/** A person (with their own organisation, as every person has) who is also a member of `organizationId`. */
export async function createMember(db: DbOrTx, input: SeedMemberInput) {
  const { user, password } = await createUser(db, input);
  const [membership] = await db
    .insert(memberships)
    .values({
      organizationId: input.organizationId,
      userId: user.id,
      role: input.role,
      allProperties: input.propertyIds === undefined,
      inspectorId: input.inspectorId ?? null,
    })
    .returning({ id: memberships.id });
  const membershipId = membership!.id;
  if (input.propertyIds?.length) {
    await db.insert(membershipProperties).values(input.propertyIds.map((propertyId) => ({ membershipId, propertyId })));
  }
  return { user, password, membershipId };
}
