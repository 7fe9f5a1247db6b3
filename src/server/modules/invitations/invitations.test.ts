import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { addMember, invitationMails, lastInvitationToken, organizationOf, proOwner } from '../../testing/team';
import { WRONG_ADDRESS_MESSAGE } from './invitations.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const INVITATIONS = '/api/organizations/current/invitations';
const newAddress = () => `invitee.${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('inviting a member', () => {
  it('mails a link that lets the invited person join with the role and the one property given', async () => {
    const owner = await proOwner(ctx, { fullName: 'Olive Owner' });
    const [north, south] = [await createProperty(ctx.runtime.db, owner.organization.id, { name: 'North Tower' }), await createProperty(ctx.runtime.db, owner.organization.id, { name: 'South Tower' })];
    const invitee = await ctx.signedIn({ fullName: 'Max Manager' });
    // The address as typed by the owner may differ in case from the account's.
    const created = await owner.agent.post(INVITATIONS, { email: invitee.user.email.toUpperCase(), role: 'manager', propertyIds: [north.id, north.id] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: invitee.user.email.toUpperCase(), role: 'manager', propertyIds: [north.id], invitedBy: 'Olive Owner', status: 'pending' });

    const listed = (await owner.agent.get(INVITATIONS)).json();
    expect(listed).toMatchObject([{ id: created.json().id, status: 'pending' }]);

    const [mail] = await invitationMails(ctx, invitee.user.email);
    expect(mail!.subject).toBe(`Olive Owner invited you to join ${owner.organization.name} on Firemark`);
    expect(mail!.text).toContain('as a Manager, with one of its properties');
    expect(mail!.text).toContain(`${ctx.config.appUrl}/invitations/${mail!.token}`);
    expect(mail!.text).toContain('valid for 7 days');

    const preview = await ctx.agent().get(`/api/invitations/${mail!.token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ organizationName: owner.organization.name, role: 'manager', invitedBy: 'Olive Owner', status: 'pending' });
    // Enough to know which address to use, not the address itself.
    expect(preview.json().email).toBe(`${invitee.user.email[0]!.toUpperCase()}***@EXAMPLE.COM`);

    const accepted = await invitee.agent.post(`/api/invitations/${mail!.token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ organizationId: owner.organization.id, organizationName: owner.organization.name, role: 'manager' });

    // The session now acts in the organisation joined, limited to the property given.
    expect(await organizationOf(invitee.agent)).toMatchObject({ id: owner.organization.id, role: 'manager', propertyIds: [north.id] });
    const properties = (await invitee.agent.get('/api/properties')).json() as { name: string }[];
    expect(properties.map((p) => p.name)).toEqual(['North Tower']);
    expect((await invitee.agent.get(`/api/properties/${south.id}`)).statusCode).toBe(404);

    expect((await owner.agent.get(INVITATIONS)).json()).toEqual([]);
    const members = (await owner.agent.get('/api/organizations/current/members')).json();
    expect(members).toHaveLength(2);
    expect(members.find((m: { userId: number }) => m.userId === invitee.user.id)).toMatchObject({ role: 'manager', propertyIds: [north.id], you: false, fullName: 'Max Manager' });

    // A second click on the same link by the same person changes nothing and is not an error.
    expect((await invitee.agent.post(`/api/invitations/${mail!.token}/accept`)).statusCode).toBe(200);
    // Anyone else: used.
    const other = await ctx.signedIn({ email: invitee.user.email.replace('@', '+x@') });
    const reused = await other.agent.post(`/api/invitations/${mail!.token}/accept`);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toContain('already been used');
    expect((await ctx.agent().get(`/api/invitations/${mail!.token}`)).json()).toMatchObject({ status: 'accepted' });
  });

  it('sends again with a new link (the old one stops working) and revokes', async () => {
    const owner = await proOwner(ctx);
    const email = newAddress();
    const created = (await owner.agent.post(INVITATIONS, { email, role: 'viewer', propertyIds: null })).json();
    const first = await lastInvitationToken(ctx, email);

    const resent = await owner.agent.post(`${INVITATIONS}/${created.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: created.id, status: 'pending' });
    const second = await lastInvitationToken(ctx, email);
    expect(second).not.toBe(first);
    expect((await invitationMails(ctx, email)).length).toBe(2);
    expect((await ctx.agent().get(`/api/invitations/${first}`)).statusCode).toBe(404);
    expect((await ctx.agent().get(`/api/invitations/${second}`)).json()).toMatchObject({ status: 'pending', role: 'viewer' });

    expect((await owner.agent.delete(`${INVITATIONS}/${created.id}`)).statusCode).toBe(200);
    expect((await owner.agent.get(INVITATIONS)).json()).toEqual([]);
    expect((await ctx.agent().get(`/api/invitations/${second}`)).json()).toMatchObject({ status: 'revoked' });
    const invitee = await ctx.signedIn({ email });
    const refused = await invitee.agent.post(`/api/invitations/${second}/accept`);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toContain('withdrawn');
    // Revoked is revoked: neither again nor sent again.
    expect((await owner.agent.delete(`${INVITATIONS}/${created.id}`)).statusCode).toBe(404);
    expect((await owner.agent.post(`${INVITATIONS}/${created.id}/resend`)).statusCode).toBe(404);
  });

  it('refuses an expired link, lists the invitation as expired, and a resend makes it work again', async () => {
    const owner = await proOwner(ctx);
    const invitee = await ctx.signedIn();
    const created = (await owner.agent.post(INVITATIONS, { email: invitee.user.email, role: 'admin', propertyIds: null })).json();
    const token = await lastInvitationToken(ctx, invitee.user.email);
    await ctx.runtime.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${created.id}`);

    const expired = await invitee.agent.post(`/api/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('expired');
    expect((await ctx.agent().get(`/api/invitations/${token}`)).json()).toMatchObject({ status: 'expired' });
    expect((await owner.agent.get(INVITATIONS)).json()).toMatchObject([{ id: created.id, status: 'expired' }]);

    await owner.agent.post(`${INVITATIONS}/${created.id}/resend`);
    const fresh = await lastInvitationToken(ctx, invitee.user.email);
    expect((await invitee.agent.post(`/api/invitations/${fresh}/accept`)).statusCode).toBe(200);
    expect(await organizationOf(invitee.agent)).toMatchObject({ id: owner.organization.id, role: 'admin', propertyIds: null });
  });

  it('refuses a link accepted by an account with another address', async () => {
    const owner = await proOwner(ctx);
    const email = newAddress();
    await owner.agent.post(INVITATIONS, { email, role: 'manager', propertyIds: null });
    const someoneElse = await ctx.signedIn();
    const refused = await someoneElse.agent.post(`/api/invitations/${await lastInvitationToken(ctx, email)}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WRONG_ADDRESS_MESSAGE);
    expect(refused.json().message).toBe('This invitation was sent to another e-mail address. Sign in with that address, or ask for a new invitation.');
    // Still waiting for the right person.
    expect((await owner.agent.get(INVITATIONS)).json()).toMatchObject([{ email, status: 'pending' }]);
  });

  it('answers an unknown link with 404 and a plain message, and needs a signed-in caller to accept', async () => {
    const unknown = await ctx.agent().get('/api/invitations/this-is-not-a-real-invitation-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('This invitation link is not valid');
    expect((await ctx.agent().post('/api/invitations/this-is-not-a-real-invitation-token/accept')).statusCode).toBe(401);
    expect((await ctx.agent().get(INVITATIONS)).statusCode).toBe(401);
    expect((await ctx.agent().post(INVITATIONS, { email: newAddress(), role: 'viewer', propertyIds: null })).statusCode).toBe(401);
  });

  it('is accepted in a browser session, not with an API token', async () => {
    const owner = await proOwner(ctx);
    const invitee = await ctx.signedIn();
    await owner.agent.post(INVITATIONS, { email: invitee.user.email, role: 'viewer', propertyIds: null });
    const token = await lastInvitationToken(ctx, invitee.user.email);
    const apiToken = (await invitee.agent.post('/api/tokens', { name: 'Script', access: 'write' })).json().token;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: { authorization: `Bearer ${apiToken}` }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Sign in to Firemark to do this.');
    expect((await invitee.agent.post(`/api/invitations/${token}/accept`)).statusCode).toBe(200);
  });

  it('confirms the address of an account made through the link', async () => {
    const owner = await proOwner(ctx);
    const email = newAddress();
    await owner.agent.post(INVITATIONS, { email, role: 'viewer', propertyIds: null });
    const token = await lastInvitationToken(ctx, email);

    const agent = ctx.agent();
    const username = `new_${Math.random().toString(36).slice(2, 10)}`;
    const signup = await agent.post('/api/auth/register', { fullName: 'Vera Viewer', email, username, password: 'smoke-alarm-42' });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json().emailConfirmed).toBe(false);

    expect((await agent.post(`/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const me = (await agent.get('/api/auth/me')).json();
    expect(me.emailConfirmed).toBe(true);
    expect(me.organization).toMatchObject({ id: owner.organization.id, role: 'viewer' });
  });

  it('makes an inspector member the organisation’s inspector with their address, or a new one', async () => {
    const owner = await proOwner(ctx);
    const known = await ctx.signedIn({ fullName: 'Ines Inspector' });
    const existing = (await owner.agent.post('/api/inspectors', { name: 'I. Inspector (North Fire)', email: known.user.email.toUpperCase() })).json();
    await owner.agent.post(INVITATIONS, { email: known.user.email, role: 'inspector', propertyIds: null });
    expect((await known.agent.post(`/api/invitations/${await lastInvitationToken(ctx, known.user.email)}/accept`)).statusCode).toBe(200);

    const fresh = await ctx.signedIn({ fullName: 'Nico New' });
    await owner.agent.post(INVITATIONS, { email: fresh.user.email, role: 'inspector', propertyIds: null });
    expect((await fresh.agent.post(`/api/invitations/${await lastInvitationToken(ctx, fresh.user.email)}/accept`)).statusCode).toBe(200);

    const inspectors = (await owner.agent.get('/api/inspectors')).json() as { id: number; name: string; email: string }[];
    expect(inspectors.map((i) => i.name).sort()).toEqual(['I. Inspector (North Fire)', 'Nico New']);
    const links = await ctx.runtime.db.execute<{ user_id: number; inspector_id: number }>(
      sql`select user_id, inspector_id from memberships where organization_id = ${owner.organization.id} and role = 'inspector'`,
    );
    expect(links.rows.find((r) => r.user_id === known.user.id)?.inspector_id).toBe(existing.id);
    expect(links.rows.find((r) => r.user_id === fresh.user.id)?.inspector_id).toBe(inspectors.find((i) => i.name === 'Nico New')!.id);
  });
});

describe('what an invitation may say', () => {
  it('refuses bad input with field messages', async () => {
    const owner = await proOwner(ctx);
    const elsewhere = await proOwner(ctx);
    const theirs = await createProperty(ctx.runtime.db, elsewhere.organization.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ email: 'not-an-address', role: 'manager', propertyIds: null }, { email: ['Enter an e-mail address such as name@example.com'] }],
      [{ email: newAddress(), role: 'chief', propertyIds: null }, { role: ['Choose a role: owner, admin, manager, inspector or viewer'] }],
      [{ email: newAddress(), role: 'admin', propertyIds: [1] }, { propertyIds: ['Owners and admins always have all properties'] }],
      [{ email: newAddress(), role: 'viewer', propertyIds: [] }, { propertyIds: ['Choose at least one property, or All properties'] }],
      [{ email: newAddress(), role: 'viewer', propertyIds: [theirs.id] }, { propertyIds: [`Property ${theirs.id} is not one of this organisation's properties`] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await owner.agent.post(INVITATIONS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
  });

  it('refuses a second invitation to an address that has one waiting, or is a member', async () => {
    const owner = await proOwner(ctx);
    const email = newAddress();
    expect((await owner.agent.post(INVITATIONS, { email, role: 'viewer', propertyIds: null })).statusCode).toBe(201);
    const twice = await owner.agent.post(INVITATIONS, { email: email.toUpperCase(), role: 'manager', propertyIds: null });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fieldErrors).toEqual({ email: ['An invitation to this address is already waiting'] });

    const me = (await owner.agent.get('/api/auth/me')).json();
    const self = await owner.agent.post(INVITATIONS, { email: me.email, role: 'viewer', propertyIds: null });
    expect(self.statusCode).toBe(409);
    expect(self.json().fieldErrors).toEqual({ email: ['This address is already a member'] });
  });

  it('is refused on Free with the upgrade prompt: Free is one person', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.post(INVITATIONS, { email: newAddress(), role: 'manager', propertyIds: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PREMIUM_FEATURE_REQUIRED' });
    expect(res.json().message).toContain('Upgrade to Firemark Pro');
  });

  it('is refused to an organisation back on Free when the link is opened', async () => {
    const owner = await proOwner(ctx);
    const invitee = await ctx.signedIn();
    await owner.agent.post(INVITATIONS, { email: invitee.user.email, role: 'viewer', propertyIds: null });
    await ctx.runtime.db.execute(sql`update organizations set plan = 'free' where id = ${owner.organization.id}`);
    const res = await invitee.agent.post(`/api/invitations/${await lastInvitationToken(ctx, invitee.user.email)}/accept`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('is on the Free plan');
  });

  it('is sent only by owners and admins, and an owner only by owners', async () => {
    const owner = await proOwner(ctx);
    const admin = await addMember(ctx, owner.agent, { role: 'admin', propertyIds: null });
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });

    const byManager = await manager.agent.post(INVITATIONS, { email: newAddress(), role: 'viewer', propertyIds: null });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toContain('Only owners and admins can do this');
    expect((await manager.agent.get(INVITATIONS)).statusCode).toBe(403);

    const ownerByAdmin = await admin.agent.post(INVITATIONS, { email: newAddress(), role: 'owner', propertyIds: null });
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().message).toContain('Only owners can do this');
    expect((await admin.agent.post(INVITATIONS, { email: newAddress(), role: 'manager', propertyIds: null })).statusCode).toBe(201);
    expect((await owner.agent.post(INVITATIONS, { email: newAddress(), role: 'owner', propertyIds: null })).statusCode).toBe(201);
  });

  it('is sent only from a confirmed address', async () => {
    const { agent, user } = await ctx.signedIn({ confirmed: false });
    await ctx.runtime.db.execute(sql`update organizations set plan = 'pro' where id = ${(await organizationOf(agent)).id}`);
    const res = await agent.post(INVITATIONS, { email: newAddress(), role: 'viewer', propertyIds: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Confirm your own e-mail address first');
    expect(await invitationMails(ctx, user.email)).toEqual([]);
  });

  it('of another organisation is not found', async () => {
    const owner = await proOwner(ctx);
    const created = (await owner.agent.post(INVITATIONS, { email: newAddress(), role: 'viewer', propertyIds: null })).json();
    const other = await proOwner(ctx);
    expect((await other.agent.delete(`${INVITATIONS}/${created.id}`)).statusCode).toBe(404);
    expect((await other.agent.post(`${INVITATIONS}/${created.id}/resend`)).statusCode).toBe(404);
    expect((await owner.agent.get(INVITATIONS)).json()).toMatchObject([{ id: created.id, status: 'pending' }]);
  });
});
