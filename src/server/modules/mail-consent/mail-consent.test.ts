import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { INVITATION_INTERVAL_DAYS, INVITATIONS_PER_ACCOUNT_PER_DAY } from './mail-consent.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

type Session = Awaited<ReturnType<TestContext['signedIn']>>;

const managerMail = (s: Session, propertyId: number) => s.agent.get(`/api/properties/${propertyId}/manager-mail`);
const invite = (s: Session, propertyId: number) => s.agent.post(`/api/properties/${propertyId}/manager-mail/invitation`);

const outboxOf = async (userId: number) =>
  (await ctx.runtime.pool.query(`select kind, to_address, status, text_body from email_outbox where user_id = $1 order by id`, [userId])).rows;

/** The token of the last invitation to this address, as the e-mail shows it. */
async function invitationToken(userId: number, address: string): Promise<string> {
  const mails = (await outboxOf(userId)).filter((m) => m.kind === 'manager_invitation' && m.to_address === address);
  return /confirm\?token=([\w-]+)/.exec(mails.at(-1)!.text_body)![1]!;
}

/** What a mail provider sends for RFC 8058 one-click: a form body, no Origin, no session. */
const oneClick = (token: string, url = `/api/mail/unsubscribe?token=${token}`) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

async function accountWithManager(managerEmail = 'manager@harbor.example') {
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View', managerEmail });
  return { session, property };
}

const completeNonCompliant = async (s: Session, propertyId: number) => {
  const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: s.user.id, propertyId, dueDate: new Date().toISOString().slice(0, 10) });
  const res = await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Seal broken.' });
  expect(res.statusCode).toBe(200);
};

describe('confirm and unsubscribe links', () => {
  it('shows who asks and for what, and changes nothing until Confirm is pressed', async () => {
    const { session, property } = await accountWithManager();
    expect((await invite(session, property.id)).statusCode).toBe(200);
    const token = await invitationToken(session.user.id, 'manager@harbor.example');

    const info = await ctx.agent().get(`/api/mail/consent?token=${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      status: 'invited',
      address: 'manager@harbor.example',
      accountName: 'Jordan Lee',
      accountEmail: session.user.email,
      propertyNames: ['Harbor View'],
    });
    expect((await managerMail(session, property.id)).json()).toMatchObject({ state: 'invited' });

    const confirmed = await ctx.agent().post('/api/mail/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    expect((await managerMail(session, property.id)).json()).toMatchObject({ state: 'confirmed', confirmedAt: expect.any(String) });
  });

  it('refuses a missing or unknown token with a message that says what to do', async () => {
    const missing = await ctx.agent().get('/api/mail/consent');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ token: ['This link is incomplete. Open the link from the e-mail again.'] });
    const unknown = await ctx.agent().post('/api/mail/confirm', { token: 'made-up-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This link is not valid. Open the link from the most recent e-mail you received from Firemark.');
    expect((await oneClick('made-up-token')).statusCode).toBe(404);
    expect((await oneClick('', '/api/mail/unsubscribe')).statusCode).toBe(400);
  });

  it('unsubscribes with one click (a form body without Origin), and no mail reaches the address after it, queued mail included', async () => {
    const { session, property } = await accountWithManager();
    await completeNonCompliant(session, property.id);
    const token = await invitationToken(session.user.id, 'manager@harbor.example');
    expect((await ctx.agent().post('/api/mail/confirm', { token })).statusCode).toBe(200);
    await completeNonCompliant(session, property.id); // queued for the manager, not delivered yet (no worker here)

    const res = await oneClick(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'unsubscribed', address: 'manager@harbor.example' });
    await completeNonCompliant(session, property.id);

    const toManager = (await outboxOf(session.user.id)).filter((m) => m.to_address === 'manager@harbor.example');
    // Nothing is delivered in this test: what was still queued for the manager stays unsent.
    expect(toManager.map((m) => [m.kind, m.status])).toEqual([
      ['manager_invitation', 'suppressed'],
      ['manager_compliance_alert', 'suppressed'],
    ]);
    expect((await managerMail(session, property.id)).json()).toMatchObject({ state: 'unsubscribed', unsubscribedAt: expect.any(String) });
    // The account itself still gets its alerts.
    expect((await outboxOf(session.user.id)).filter((m) => m.kind === 'compliance_alert')).toHaveLength(3);
  });

  it('unsubscribes from the page (JSON), subscribes again with the same link, and opens the page for a GET of the one-click URL', async () => {
    const { session, property } = await accountWithManager();
    await invite(session, property.id);
    const token = await invitationToken(session.user.id, 'manager@harbor.example');
    const page = await ctx.agent().post('/api/mail/unsubscribe', { token });
    expect(page.json()).toMatchObject({ status: 'unsubscribed' });
    expect((await ctx.agent().post('/api/mail/confirm', { token })).json()).toMatchObject({ status: 'confirmed' });

    const opened = await ctx.agent().get(`/api/mail/unsubscribe?token=${token}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/mail/unsubscribe?token=${token}`);
    expect((await managerMail(session, property.id)).json()).toMatchObject({ state: 'confirmed' }); // a GET changes nothing
  });

  it('keeps the Origin and JSON rules on every other route: a form posted without Origin to confirm is refused', async () => {
    const { session, property } = await accountWithManager();
    await invite(session, property.id);
    const token = await invitationToken(session.user.id, 'manager@harbor.example');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(forged.statusCode).toBe(403);
    const asForm = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail/confirm',
      headers: { origin: ctx.config.appOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(asForm.statusCode).toBe(415);
    expect((await managerMail(session, property.id)).json()).toMatchObject({ state: 'invited' });
  });
});

describe('the manager address on the property page', () => {
  it('needs a session, and another account\u2019s property does not exist', async () => {
    const { property } = await accountWithManager();
    expect((await ctx.agent().get(`/api/properties/${property.id}/manager-mail`)).statusCode).toBe(401);
    const stranger = await ctx.signedIn();
    expect((await managerMail(stranger, property.id)).statusCode).toBe(404);
    expect((await invite(stranger, property.id)).statusCode).toBe(404);
    expect((await managerMail(stranger, 999_999)).statusCode).toBe(404);
    expect((await managerMail(stranger, Number.NaN)).statusCode).toBe(404);
  });

  it("says the account's own address needs no invitation", async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC' });
    const property = await createProperty(ctx.runtime.db, session.user.id, { managerEmail: session.user.email.toUpperCase() });
    expect((await managerMail(session, property.id)).json()).toMatchObject({ state: 'own' });
    const res = await invite(session, property.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This is your own address: it gets your alerts and reminders without an invitation.');
  });

  it(`sends an invitation, then another only after ${INVITATION_INTERVAL_DAYS} days`, async () => {
    const { session, property } = await accountWithManager();
    expect((await managerMail(session, property.id)).json()).toEqual({
      address: 'manager@harbor.example',
      state: 'not_invited',
      invitedAt: null,
      confirmedAt: null,
      unsubscribedAt: null,
      canInviteFrom: null,
    });
    const sent = await invite(session, property.id);
    expect(sent.statusCode).toBe(200);
    const { invitedAt, canInviteFrom } = sent.json();
    expect(sent.json().state).toBe('invited');
    expect(new Date(canInviteFrom).getTime() - new Date(invitedAt).getTime()).toBe(INVITATION_INTERVAL_DAYS * 24 * 60 * 60 * 1000);

    const again = await invite(session, property.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^An invitation went to this address less than 7 days ago\. You can send another on \w{3} \d{1,2}, \d{4}\.$/);

    await ctx.runtime.pool.query(`update mail_consents set invited_at = invited_at - interval '8 days' where organization_id = $1`, [session.user.id]);
    expect((await invite(session, property.id)).statusCode).toBe(200);
    expect((await outboxOf(session.user.id)).map((m) => m.kind)).toEqual(['manager_invitation', 'manager_invitation']);
  });

  it('sends no invitation to an address that confirmed or unsubscribed', async () => {
    const { session, property } = await accountWithManager();
    await invite(session, property.id);
    const token = await invitationToken(session.user.id, 'manager@harbor.example');
    await ctx.runtime.pool.query(`update mail_consents set invited_at = invited_at - interval '8 days' where organization_id = $1`, [session.user.id]);
    await ctx.agent().post('/api/mail/confirm', { token });
    expect((await invite(session, property.id)).json().message).toBe('This address has already confirmed: it gets your alerts and reminders.');
    await oneClick(token);
    const res = await invite(session, property.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This address unsubscribed/);
  });

  it(`sends at most ${INVITATIONS_PER_ACCOUNT_PER_DAY} invitations a day per account, whether asked for or sent with an alert`, async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC' });
    const buildings = [];
    for (let i = 0; i <= INVITATIONS_PER_ACCOUNT_PER_DAY + 1; i++) {
      buildings.push(await createProperty(ctx.runtime.db, session.user.id, { managerEmail: `manager${i}@example.com` }));
    }
    for (const building of buildings.slice(0, INVITATIONS_PER_ACCOUNT_PER_DAY)) expect((await invite(session, building.id)).statusCode).toBe(200);
    const refused = await invite(session, buildings[INVITATIONS_PER_ACCOUNT_PER_DAY]!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(`Your account has sent ${INVITATIONS_PER_ACCOUNT_PER_DAY} invitations in the last 24 hours. Please try again tomorrow.`);

    // An alert for the last property goes to the account; its manager is not asked today.
    await completeNonCompliant(session, buildings[INVITATIONS_PER_ACCOUNT_PER_DAY + 1]!.id);
    const mails = await outboxOf(session.user.id);
    expect(mails.filter((m) => m.kind === 'manager_invitation')).toHaveLength(INVITATIONS_PER_ACCOUNT_PER_DAY);
    expect(mails.filter((m) => m.kind === 'compliance_alert')).toHaveLength(1);
    expect((await managerMail(session, buildings[INVITATIONS_PER_ACCOUNT_PER_DAY + 1]!.id)).json()).toMatchObject({ state: 'not_invited' });
  });
});
