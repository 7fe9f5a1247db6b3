import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '@shared/compliance';
import { todayInTimeZone } from '@shared/dates';
import { buildApp } from '../../app';
import { redactUrl, REDACTED } from '../../log-redaction';
import { setNow } from '../../testing/clock';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { clientFamily } from './client-family';
import { startOfDayInTimeZone } from '@shared/dates';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const OWNER_EMAIL = () => `olive.${Math.random().toString(36).slice(2, 8)}@example.com`;
const MANAGER_EMAIL = 'facilities.manager@example.com';
const INSPECTOR_EMAIL = 'kim.inspector@example.com';
const INSTRUCTIONS = 'Gate code 4471, ask the concierge';
const FINDINGS = 'Internal: tenant on floor 3 complained about the panel';
const DEFICIENCY = 'Main control valve closed';
const CORRECTED_DEFICIENCY = 'Horn strobe missing in stairwell';
const utcToday = () => todayInTimeZone('UTC');

async function organizationOf(agent: Agent): Promise<{ id: number; name: string }> {
  const me = await agent.get('/api/auth/me');
  expect(me.statusCode, me.body).toBe(200);
  return me.json().organization;
}

/**
 * An organisation "Harbor Holdings" on Pro with two properties: "Harbor View Offices", which
 * has a failed fire-alarm inspection (instructions, findings, an inspector with an e-mail
 * address, one open and one corrected deficiency) and a report; and "Other Tower".
 */
async function organizationWithHistory() {
  const owner = await ctx.signedIn({ fullName: 'Olive Owner', email: OWNER_EMAIL() });
  const organization = await organizationOf(owner.agent);
  await ctx.runtime.db.execute(sql`update organizations set name = 'Harbor Holdings', plan = 'pro', plan_source = 'complimentary', pro_until = null where id = ${organization.id}`);
  const created = await owner.agent.post('/api/properties', {
    name: 'Harbor View Offices',
    propertyType: 'commercial',
    addressLine1: '100 Harbor Way',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    country: 'us',
    managerEmail: MANAGER_EMAIL,
  });
  expect(created.statusCode, created.body).toBe(201);
  const property = created.json() as { id: number };
  const other = (
    await owner.agent.post('/api/properties', { name: 'Other Tower', addressLine1: '9 Side St', city: 'Boston', state: 'MA', zip: '02111', managerEmail: 'other.manager@example.com' })
  ).json() as { id: number };
  const inspector = (await owner.agent.post('/api/inspectors', { name: 'Kim Lee', email: INSPECTOR_EMAIL, licenceNumber: 'FA-2231' })).json() as { id: number };
  const scheduled = await owner.agent.post('/api/inspections', {
    propertyId: property.id,
    inspectionType: 'fire_alarm',
    dueDate: utcToday(),
    assignedTo: 'Kim Lee',
    inspectorId: inspector.id,
    notes: INSTRUCTIONS,
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  const completed = await owner.agent.put(`/api/inspections/${scheduled.json().id}`, {
    status: 'completed',
    complianceStatus: 'non_compliant',
    notes: FINDINGS,
    inspectorId: inspector.id,
    deficiencies: [
      { description: DEFICIENCY, severity: 'critical', location: 'Riser room B1', correctiveAction: 'Open and seal the valve', dueBy: addDays(utcToday(), 7) },
      { description: CORRECTED_DEFICIENCY, severity: 'non_critical', location: 'Stair 2' },
    ],
  });
  expect(completed.statusCode, completed.body).toBe(200);
  const deficiencies = (await owner.agent.get(`/api/properties/${property.id}/deficiencies`)).json() as { id: number; description: string }[];
  const corrected = deficiencies.find((d) => d.description === CORRECTED_DEFICIENCY)!;
  expect((await owner.agent.post(`/api/deficiencies/${corrected.id}/correct`, { correctedOn: utcToday(), correctedBy: 'Kim Lee', note: 'Replaced' })).statusCode).toBe(200);
  const report = await owner.agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
  expect(report.statusCode, report.body).toBe(201);
  return { owner, organization, property, other, report: report.json() as { reportNumber: string; verifyPath: string } };
}

type Setup = Awaited<ReturnType<typeof organizationWithHistory>>;
let shared: Setup | undefined;
/** Most tests read the same organisation; each makes links of its own on it. */
const setup = async () => (shared ??= await organizationWithHistory());

async function share(agent: Agent, propertyId: number, body: Record<string, unknown> = {}) {
  const response = await agent.post(`/api/properties/${propertyId}/share-links`, { recipient: "Salem Fire Marshal's Office", ...body });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as { id: number; url: string; expiresAt: string };
  return { ...created, token: created.url.split('/share/')[1]! };
}

const open = (token: string, userAgent = CHROME_WINDOWS) => ctx.agent().request({ method: 'GET', url: `/api/share/${token}`, headers: { 'user-agent': userAgent } });

async function linksOf(agent: Agent, propertyId: number) {
  const response = await agent.get(`/api/properties/${propertyId}/share-links`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    id: number;
    recipient: string;
    status: string;
    includeDeficiencies: boolean;
    createdBy: string | null;
    expiresAt: string;
    viewCount: number;
    lastViewedAt: string | null;
    views: { viewedAt: string; client: string }[];
  }[];
}

/** Seeds a member of the organisation with a role (and some properties) and points their session at it. */
async function memberOf(organizationId: number, role: string, propertyIds: number[] | null) {
  const member = await ctx.signedIn({ fullName: 'Mel Member' });
  const [membership] = (
    await ctx.runtime.db.execute<{ id: number }>(
      sql`insert into memberships (organization_id, user_id, role, all_properties) values (${organizationId}, ${member.user.id}, ${role}, ${propertyIds === null}) returning id`,
    )
  ).rows;
  for (const propertyId of propertyIds ?? []) {
    await ctx.runtime.db.execute(sql`insert into membership_properties (membership_id, property_id) values (${membership!.id}, ${propertyId})`);
  }
  const switched = await member.agent.post(`/api/organizations/${organizationId}/switch`);
  expect(switched.statusCode, switched.body).toBe(200);
  return member;
}

describe('share links', () => {
  it('are made for a property, answered once with their link, and listed with their status', async () => {
    const { owner, property } = await setup();
    const link = await share(owner.agent, property.id);
    expect(link.url).toMatch(new RegExp(`^${ctx.config.appUrl}/share/[A-Za-z0-9_-]{22}$`));
    // Thirty days by default: through the end of the day thirty days from today.
    expect(link.expiresAt).toBe(startOfDayInTimeZone(addDays(utcToday(), 31), 'UTC').toISOString());

    const listed = (await linksOf(owner.agent, property.id)).find((l) => l.id === link.id)!;
    expect(listed).toMatchObject({ recipient: "Salem Fire Marshal's Office", status: 'active', includeDeficiencies: false, createdBy: 'Olive Owner', viewCount: 0, lastViewedAt: null, views: [] });
    // Only the token's hash is kept.
    const stored = await ctx.runtime.db.execute<{ token_hash: string }>(sql`select token_hash from share_links where id = ${link.id}`);
    expect(stored.rows[0]!.token_hash).not.toContain(link.token);
  });

  it('opens without an account and shows the property, its compliance and its reports, not to be indexed or cached', async () => {
    const { owner, property, report } = await setup();
    const link = await share(owner.agent, property.id, { expiresAt: addDays(utcToday(), 10) });
    const response = await open(link.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-robots-tag']).toContain('noindex');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json();
    expect(page).toMatchObject({
      recipient: "Salem Fire Marshal's Office",
      sharedBy: { organization: 'Harbor Holdings', person: 'Olive Owner' },
      expiresAt: startOfDayInTimeZone(addDays(utcToday(), 11), 'UTC').toISOString(),
      property: { name: 'Harbor View Offices', addressLine1: '100 Harbor Way', city: 'Boston', state: 'MA', zip: '02110', status: 'non_compliant' },
      deficiencies: null,
      reports: [{ reportNumber: report.reportNumber, verifyPath: report.verifyPath }],
    });
    const alarm = page.items.find((item: { itemType: string }) => item.itemType === 'fire_alarm');
    expect(alarm).toMatchObject({ label: 'Fire Alarm', status: 'non_compliant', lastInspectionDate: utcToday() });
    expect(alarm.requirements.length).toBeGreaterThan(0);
    expect(alarm.requirements[0]).toEqual({
      activity: expect.any(String),
      source: expect.any(String),
      interval: expect.stringMatching(/^Every /),
      status: expect.any(String),
      lastDoneOn: expect.toBeOneOf([null, utcToday()]),
      lastResult: expect.toBeOneOf([null, 'compliant', 'non_compliant']),
      nextDueDate: expect.any(String),
      // A fire alarm's rows are due on a day: NFPA 72 gives no window around it.
      windowOpensOn: null,
      nominalDueDate: null,
      codeInterval: expect.stringMatching(/^Every /),
      belowCodeMinimum: false,
      belowCodeMinimumReason: null,
    });
    expect(alarm.switchedOff).toEqual([]);
    // The verification link it gives is the report's own, and works.
    expect((await ctx.agent().get(`/api${report.verifyPath}`)).json()).toMatchObject({ state: 'valid', reportNumber: report.reportNumber });
  });

  it('exposes nothing beyond what was chosen: no e-mail address, no notes, no other property, no deficiencies unless chosen', async () => {
    const { owner, property } = await setup();
    const withoutDeficiencies = await share(owner.agent, property.id);
    const body = (await open(withoutDeficiencies.token)).body;
    for (const secret of [owner.user.email, MANAGER_EMAIL, INSPECTOR_EMAIL, 'other.manager@example.com', 'Other Tower', INSTRUCTIONS, FINDINGS, DEFICIENCY, CORRECTED_DEFICIENCY, 'FA-2231', 'Replaced']) {
      expect(body).not.toContain(secret);
    }
    // No e-mail address of anyone, whatever it is.
    expect(body).not.toContain('@');
    expect(Object.keys(JSON.parse(body).property).sort()).toEqual(['addressLine1', 'addressLine2', 'city', 'country', 'name', 'state', 'status', 'statusReason', 'zip']);

    // Chosen: the open deficiency, without the corrected one, who corrected it or any note.
    const withDeficiencies = await share(owner.agent, property.id, { includeDeficiencies: true });
    const chosen = (await open(withDeficiencies.token)).body;
    expect(JSON.parse(chosen).deficiencies).toEqual([
      { itemType: 'fire_alarm', description: DEFICIENCY, severity: 'critical', location: 'Riser room B1', correctiveAction: 'Open and seal the valve', dueBy: addDays(utcToday(), 7), foundOn: utcToday() },
    ]);
    for (const secret of [MANAGER_EMAIL, INSPECTOR_EMAIL, INSTRUCTIONS, FINDINGS, CORRECTED_DEFICIENCY, 'Replaced', 'Other Tower', '@']) {
      expect(chosen).not.toContain(secret);
    }
  });

  it('logs every opening with its time and browser alone, and shows the log to the sharer', async () => {
    const { owner, property } = await setup();
    const link = await share(owner.agent, property.id);
    expect((await open(link.token, CHROME_WINDOWS)).statusCode).toBe(200);
    expect((await open(link.token, SAFARI_IPHONE)).statusCode).toBe(200);

    // A HEAD request (a link checker) is no view.
    expect((await ctx.agent().request({ method: 'HEAD', url: `/api/share/${link.token}` })).statusCode).toBe(200);

    const listed = (await linksOf(owner.agent, property.id)).find((l) => l.id === link.id)!;
    expect(listed.viewCount).toBe(2);
    expect(listed.views.map((v) => v.client)).toEqual(['Safari on iOS', 'Chrome on Windows']);
    expect(listed.lastViewedAt).toBe(listed.views[0]!.viewedAt);
    // Neither the address nor the user agent is kept.
    const rows = await ctx.runtime.db.execute(sql`select * from share_link_views where share_link_id = ${link.id}`);
    expect(Object.keys(rows.rows[0]!).sort()).toEqual(['client', 'id', 'share_link_id', 'viewed_at']);
    expect(JSON.stringify(rows.rows)).not.toContain('127.0.0.1');
    expect(JSON.stringify(rows.rows)).not.toContain('AppleWebKit');
  });

  it('stops at once when revoked, says who revoked it, and logs no view of the refused opening', async () => {
    const { owner, property } = await setup();
    const link = await share(owner.agent, property.id);
    expect((await open(link.token)).statusCode).toBe(200);

    const revoked = await owner.agent.delete(`/api/share-links/${link.id}`);
    expect(revoked.statusCode).toBe(204);
    const refused = await open(link.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'GONE', message: 'This share link was revoked by Harbor Holdings.' });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).not.toContain('Harbor View Offices');

    const listed = (await linksOf(owner.agent, property.id)).find((l) => l.id === link.id)!;
    expect(listed).toMatchObject({ status: 'revoked', viewCount: 1 });
    // Revoking again changes nothing.
    expect((await owner.agent.delete(`/api/share-links/${link.id}`)).statusCode).toBe(204);

    // The organisation's history has the link made and revoked, never the token's hash.
    const events = await ctx.runtime.db.execute<{ kind: string; subject: unknown; changes: unknown }>(
      sql`select kind, subject, changes from history_events where entity_table = 'share_links' and entity_id = ${link.id} order by id`,
    );
    expect(events.rows.map((e) => e.kind)).toEqual(['share_link.created', 'share_link.revoked']);
    expect(events.rows[0]!.subject).toEqual({ recipient: "Salem Fire Marshal's Office" });
    expect(JSON.stringify(events.rows)).not.toContain('token_hash');
  });

  it('stops after its last day and says when it expired and whom to ask', async () => {
    const { owner, property } = await setup();
    const lastDay = addDays(utcToday(), 1);
    const link = await share(owner.agent, property.id, { expiresAt: lastDay });
    expect(link.expiresAt).toBe(startOfDayInTimeZone(addDays(utcToday(), 2), 'UTC').toISOString());

    // The last minute of its last day, it still works.
    setNow(new Date(Date.parse(link.expiresAt) - 60_000).toISOString());
    expect((await open(link.token)).statusCode).toBe(200);

    setNow(link.expiresAt);
    const refused = await open(link.token);
    expect(refused.statusCode).toBe(410);
    const written = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${lastDay}T12:00:00Z`));
    expect(refused.json().message).toBe(`This share link expired on ${written}. Ask Harbor Holdings for a new one.`);
    expect((await linksOf(owner.agent, property.id)).find((l) => l.id === link.id)!.status).toBe('expired');
  });

  it('takes an exact expiry instant too, and refuses one past or more than a year ahead, field by field', async () => {
    const { owner, property } = await setup();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    inAWeek.setUTCMilliseconds(0);
    const exact = await share(owner.agent, property.id, { expiresAt: inAWeek.toISOString() });
    expect(exact.expiresAt).toBe(inAWeek.toISOString());

    const post = (body: Record<string, unknown>) => owner.agent.post(`/api/properties/${property.id}/share-links`, body);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'recipient', 'Say who the link is for'],
      [{ recipient: '   ' }, 'recipient', 'Say who the link is for, in at least 2 characters'],
      [{ recipient: 'A' }, 'recipient', 'Say who the link is for, in at least 2 characters'],
      [{ recipient: 'A'.repeat(121) }, 'recipient', 'Must be at most 120 characters'],
      [{ recipient: 'Insurer', expiresAt: 'next month' }, 'expiresAt', 'Enter the expiry as a date (YYYY-MM-DD)'],
      [{ recipient: 'Insurer', expiresAt: '2026-02-30' }, 'expiresAt', 'Enter the expiry as a date (YYYY-MM-DD)'],
      [{ recipient: 'Insurer', expiresAt: addDays(utcToday(), -1) }, 'expiresAt', 'That day has passed. Choose today or a later day.'],
      [{ recipient: 'Insurer', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt', 'That day has passed. Choose today or a later day.'],
      [{ recipient: 'Insurer', includeDeficiencies: 'yes' }, 'includeDeficiencies', 'Choose whether open deficiencies are shown'],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors[field], JSON.stringify(body)).toEqual([message]);
    }
    const tooLate = await post({ recipient: 'Insurer', expiresAt: addDays(utcToday(), 366) });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().fieldErrors.expiresAt[0]).toMatch(/^A share link can last at most one year: choose .+ or earlier\.$/);
    // A year to the day is allowed.
    expect((await post({ recipient: 'Insurer', expiresAt: addDays(utcToday(), 365) })).statusCode).toBe(201);
  });

  it('answers an unknown or malformed link with a 404', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(65), '%00']) {
      const response = await open(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json().message).toMatch(/^This share link does not exist\./);
    }
  });

  it('are rate-limited per client address, unknown links included, so tokens cannot be guessed at speed', async () => {
    const { owner, property } = await setup();
    const link = await share(owner.agent, property.id);
    const from = (remoteAddress: string, token: string) => ctx.app.inject({ method: 'GET', url: `/api/share/${token}`, remoteAddress });
    for (let i = 0; i < 60; i++) expect((await from('203.0.113.9', `guess${i}`)).statusCode).toBe(404);
    const limited = await from('203.0.113.9', link.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await from('203.0.113.10', link.token)).statusCode).toBe(200);
  });

  it("keeps organisations apart: another organisation's link or property is a 404", async () => {
    const { owner, property } = await setup();
    const link = await share(owner.agent, property.id);
    const stranger = await ctx.signedIn();
    expect((await stranger.agent.delete(`/api/share-links/${link.id}`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/properties/${property.id}/share-links`)).statusCode).toBe(404);
    expect((await stranger.agent.post(`/api/properties/${property.id}/share-links`, { recipient: 'Insurer' })).statusCode).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
    expect((await owner.agent.post('/api/properties/2147483647/share-links', { recipient: 'Insurer' })).statusCode).toBe(404);
    expect((await owner.agent.delete('/api/share-links/2147483647')).statusCode).toBe(404);
  });

  it('are for owners, admins and managers of the property: a viewer is refused, a manager of another property does not see it', async () => {
    const { owner, organization, property, other } = await setup();
    const link = await share(owner.agent, property.id);

    const viewer = await memberOf(organization.id, 'viewer', null);
    const refused = await viewer.agent.post(`/api/properties/${property.id}/share-links`, { recipient: 'Insurer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Only owners, admins and managers can do this/);
    expect((await viewer.agent.delete(`/api/share-links/${link.id}`)).statusCode).toBe(403);
    expect((await viewer.agent.get(`/api/properties/${property.id}/share-links`)).statusCode).toBe(403);

    const manager = await memberOf(organization.id, 'manager', [other.id]);
    expect((await manager.agent.post(`/api/properties/${property.id}/share-links`, { recipient: 'Insurer' })).statusCode).toBe(404);
    expect((await manager.agent.get(`/api/properties/${property.id}/share-links`)).statusCode).toBe(404);
    expect((await manager.agent.delete(`/api/share-links/${link.id}`)).statusCode).toBe(404);
    const own = await share(manager.agent, other.id, { recipient: 'Boston Insurance Co.' });
    const opened = await open(own.token);
    expect(opened.json()).toMatchObject({ sharedBy: { person: 'Mel Member', organization: 'Harbor Holdings' }, property: { name: 'Other Tower' } });
    expect((await manager.agent.delete(`/api/share-links/${own.id}`)).statusCode).toBe(204);
  });

  it('need a signed-in member to make, list or revoke; a share link opens nothing else', async () => {
    const { owner, property } = await setup();
    const link = await share(owner.agent, property.id);
    for (const url of [`/api/properties/${property.id}`, `/api/properties/${property.id}/share-links`, '/api/properties', '/api/reports']) {
      const asBearer = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${link.token}` } });
      expect(asBearer.statusCode, url).toBe(401);
    }
    const visitor = ctx.agent();
    expect((await visitor.post(`/api/properties/${property.id}/share-links`, { recipient: 'Insurer' })).statusCode).toBe(401);
    expect((await visitor.get(`/api/properties/${property.id}/share-links`)).statusCode).toBe(401);
    expect((await visitor.delete('/api/share-links/1')).statusCode).toBe(401);
  });

  it('go when their property goes', async () => {
    const { owner } = await setup();
    const doomed = (await owner.agent.post('/api/properties', { name: 'Doomed Depot', addressLine1: '1 Last St', city: 'Boston', state: 'MA', zip: '02112', managerEmail: 'd@example.com' })).json();
    const link = await share(owner.agent, doomed.id);
    expect((await owner.agent.delete(`/api/properties/${doomed.id}`)).statusCode).toBe(200);
    expect((await open(link.token)).statusCode).toBe(404);
  });
});

describe('the share page', () => {
  it('is the app page, marked for search engines not to keep', async () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-share-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Firemark</title>');
    const app = await buildApp(ctx.runtime, { serveClient: true, clientDir });
    try {
      const page = await app.inject({ method: 'GET', url: '/share/abcDEF123_-xyz' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      // Other pages are not affected.
      expect((await app.inject({ method: 'GET', url: '/properties' })).headers['x-robots-tag']).toBeUndefined();
    } finally {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe('what a share link leaves in the logs and the view log', () => {
  it('keeps the token out of logged URLs', () => {
    expect(redactUrl('/api/share/abcDEF123_-xyz')).toBe(`/api/share/${REDACTED}`);
    expect(redactUrl('/share/abcDEF123_-xyz?print=1')).toBe(`/share/${REDACTED}?print=1`);
  });

  it('names a browser and a system, never a version or a device', () => {
    expect(clientFamily(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(clientFamily(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(clientFamily('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(clientFamily('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on macOS');
    expect(clientFamily('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36')).toBe(
      'Samsung Internet on Android',
    );
    expect(clientFamily('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(clientFamily('curl/8.5.0')).toBe('Script');
    expect(clientFamily(undefined)).toBe('Unknown browser');
  });
});
