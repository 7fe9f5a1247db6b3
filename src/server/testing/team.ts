import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Agent, TestContext } from './test-app';

/** Helpers for tests of members and invitations: an organisation on Pro, its mail, its people. */

export interface Signed {
  agent: Agent;
  user: { id: number; username: string; email: string };
  password: string;
}

/** The organisation the agent's session acts on, as GET /api/auth/me answers it. */
export async function organizationOf(agent: Agent): Promise<{ id: number; name: string; role: string; propertyIds: number[] | null; plan: string }> {
  const me = await agent.get('/api/auth/me');
  expect(me.statusCode).toBe(200);
  return me.json().organization;
}

export async function makePro(ctx: TestContext, organizationId: number): Promise<void> {
  await ctx.runtime.db.execute(sql`update organizations set plan = 'pro', plan_source = 'complimentary', pro_until = null where id = ${organizationId}`);
}

/** A signed-in owner of an organisation on Pro. */
export async function proOwner(ctx: TestContext, input: { fullName?: string; email?: string } = {}) {
  const signed = await ctx.signedIn({ fullName: input.fullName ?? 'Olive Owner', email: input.email });
  const organization = await organizationOf(signed.agent);
  await makePro(ctx, organization.id);
  return { ...signed, organization };
}

/** The links of the invitation mails sent to an address, oldest first. */
export async function invitationMails(ctx: TestContext, to: string): Promise<{ subject: string; text: string; token: string }[]> {
  const result = await ctx.runtime.db.execute<{ subject: string; text_body: string }>(
    sql`select subject, text_body from email_outbox where kind = 'member_invitation' and lower(to_address) = lower(${to}) order by id`,
  );
  return result.rows.map((row) => ({ subject: row.subject, text: row.text_body, token: /\/invitations\/([\w-]+)/.exec(row.text_body)![1]! }));
}

export async function lastInvitationToken(ctx: TestContext, to: string): Promise<string> {
  const mails = await invitationMails(ctx, to);
  expect(mails.length).toBeGreaterThan(0);
  return mails.at(-1)!.token;
}

/** Invites `email` and has a new, signed-in account with that address accept: the member's agent. */
export async function addMember(
  ctx: TestContext,
  owner: Agent,
  access: { role: string; propertyIds: number[] | null },
  input: { fullName?: string } = {},
) {
  const signed = await ctx.signedIn({ fullName: input.fullName ?? 'Mel Member' });
  const invited = await owner.post('/api/organizations/current/invitations', { email: signed.user.email, ...access });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await signed.agent.post(`/api/invitations/${await lastInvitationToken(ctx, signed.user.email)}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const members = (await owner.get('/api/organizations/current/members')).json() as { id: number; userId: number }[];
  const membershipId = members.find((m) => m.userId === signed.user.id)!.id;
  return { ...signed, membershipId };
}
