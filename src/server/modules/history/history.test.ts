import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import type { HistoryEvent } from '@shared/schemas/history';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { createProperty } from '../../db/seed/properties';
import { solidJpeg } from '../../testing/photos';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

/** The history of every change (docs/history.md): written by the database with each change, read by who may. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const today = () => todayInTimeZone('UTC');
const address = { propertyType: 'commercial', addressLine1: '1 Harbor Way', city: 'Salem', state: 'MA', zip: '01970', country: 'us', managerEmail: 'manager@example.com' };

async function propertyHistory(agent: Agent, propertyId: number, query = ''): Promise<HistoryEvent[]> {
  const res = await agent.get(`/api/properties/${propertyId}/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events;
}

async function organizationHistory(agent: Agent, query = ''): Promise<{ events: HistoryEvent[]; nextBefore: number | null }> {
  const res = await agent.get(`/api/organizations/current/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newProperty(agent: Agent, name: string): Promise<{ id: number }> {
  const res = await agent.post('/api/properties', { name, ...address });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const kinds = (events: HistoryEvent[]) => events.map((e) => e.kind);

describe('history of a property', () => {
  it('records its creation, edit and deletion with who, when and the values before and after', async () => {
    const owner = await proOwner(ctx, { fullName: 'Olive Owner' });
    const property = await newProperty(owner.agent, 'Harbor View');
    const edited = await owner.agent.put(`/api/properties/${property.id}`, { name: 'Harbor View Offices', ...address, city: 'Beverly' });
    expect(edited.statusCode, edited.body).toBe(200);

    const events = await propertyHistory(owner.agent, property.id);
    expect(kinds(events)).toEqual(['property.updated', 'property.created']);
    expect(events[0]).toMatchObject({
      kindLabel: 'Property edited',
      actorKind: 'member',
      actorUserId: owner.user.id,
      actorName: 'Olive Owner',
      propertyId: property.id,
      propertyName: 'Harbor View Offices',
      subject: 'Harbor View Offices',
      changes: { name: ['Harbor View', 'Harbor View Offices'], city: ['Salem', 'Beverly'] },
    });
    // Only what changed, and nothing derived or internal.
    expect(Object.keys(events[0]!.changes).sort()).toEqual(['city', 'name']);
    expect(events[1]!.changes).toMatchObject({ name: [null, 'Harbor View'], city: [null, 'Salem'], manager_email: [null, 'manager@example.com'] });
    expect(events[1]!.changes).not.toHaveProperty('search_name');
    expect(events[1]!.changes).not.toHaveProperty('has_failure');
    expect(Date.now() - Date.parse(events[0]!.occurredAt)).toBeLessThan(60 * 60 * 1000);

    expect((await owner.agent.delete(`/api/properties/${property.id}`)).statusCode).toBe(200);
    const { events: after } = await organizationHistory(owner.agent, `?propertyId=${property.id}`);
    expect(after[0]).toMatchObject({ kind: 'property.deleted', kindLabel: 'Property deleted', propertyName: 'Harbor View Offices', actorName: 'Olive Owner' });
    expect(after[0]!.changes).toMatchObject({ name: ['Harbor View Offices', null] });
    // A deleted property's page is gone, its history stays in the organisation's.
    expect((await owner.agent.get(`/api/properties/${property.id}/history`)).statusCode).toBe(404);
  });

  it('records requirements, inspections, completions, deficiencies, photos and reports', async () => {
    const owner = await proOwner(ctx);
    const property = await newProperty(owner.agent, 'Dock Street');
    const item = await owner.agent.post(`/api/properties/${property.id}/safety-items`, { itemType: 'sprinkler_system', nextDueDate: today() });
    expect(item.statusCode, item.body).toBe(201);
    const requirements = (await owner.agent.get(`/api/properties/${property.id}/requirements`)).json() as { id: number; principal: boolean }[];
    const principal = requirements.find((r) => r.principal)!;
    const changed = await owner.agent.put(`/api/requirements/${principal.id}`, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer asks twice a year' });
    expect(changed.statusCode, changed.body).toBe(200);

    const scheduled = await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'sprinkler_system', dueDate: today(), assignedTo: 'Kim Lee' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const completed = await owner.agent.put(`/api/inspections/${scheduled.json().id}`, {
      status: 'completed',
      complianceStatus: 'non_compliant',
      notes: 'Valve closed',
      deficiencies: [{ description: 'Main control valve closed', severity: 'critical' }],
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [deficiency] = (await owner.agent.get(`/api/properties/${property.id}/deficiencies`)).json() as { id: number }[];
    const photo = await owner.agent.request({ method: 'POST', url: `/api/deficiencies/${deficiency!.id}/photos`, payload: await solidJpeg(64, 48), headers: { 'content-type': 'image/jpeg' } });
    expect(photo.statusCode, photo.body).toBe(201);
    const corrected = await owner.agent.post(`/api/deficiencies/${deficiency!.id}/correct`, { correctedOn: today(), correctedBy: 'Kim Lee', note: 'Opened and sealed' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const report = await owner.agent.post('/api/reports', { propertyId: property.id });
    expect(report.statusCode, report.body).toBe(201);

    const events = await propertyHistory(owner.agent, property.id);
    const got = kinds(events);
    for (const kind of [
      'property.created',
      'requirement.added',
      'requirement.updated',
      'inspection.scheduled',
      'inspection.completed',
      'deficiency.recorded',
      'photo.added',
      'deficiency.corrected',
      'report.created',
    ]) {
      expect(got, kind).toContain(kind);
    }
    // All by the member who made them, the report and the photo included.
    expect(events.filter((e) => e.actorKind !== 'member').map((e) => e.kind)).toEqual([]);
    // Newest first.
    expect(got.indexOf('report.created')).toBeLessThan(got.indexOf('deficiency.corrected'));
    expect(got.indexOf('deficiency.corrected')).toBeLessThan(got.indexOf('deficiency.recorded'));

    const byKind = (kind: string) => events.find((e) => e.kind === kind)!;
    expect(byKind('requirement.updated')).toMatchObject({ kindLabel: 'Requirement changed', changes: { interval_months: [12, 6] } });
    expect(byKind('inspection.completed')).toMatchObject({
      kindLabel: 'Inspection completed',
      subject: `Sprinkler System inspection due ${today()}`,
      changes: { status: ['scheduled', 'completed'], compliance_result: [null, 'non_compliant'], completion_notes: [null, 'Valve closed'] },
    });
    expect(byKind('deficiency.recorded')).toMatchObject({ subject: 'Sprinkler System: Main control valve closed', changes: { severity: [null, 'critical'] } });
    expect(byKind('deficiency.corrected')).toMatchObject({ kindLabel: 'Deficiency corrected', changes: { corrected_on: [null, today()], corrected_by: [null, 'Kim Lee'] } });
    expect(byKind('photo.added')).toMatchObject({ subject: 'Sprinkler System: Main control valve closed' });
    expect(byKind('photo.added').changes).not.toHaveProperty('storage_key');
    expect(byKind('report.created').subject).toMatch(/^FM-\d{4}-000001 \(firemark-dock-street-.*\.pdf\)$/);
    // A completion settles the requirement and the property: no events of their own.
    expect(got.filter((k) => k === 'requirement.updated')).toHaveLength(1);
    expect(got.filter((k) => k === 'property.updated')).toHaveLength(0);
  });

  it('records an undo, after the rows it put back', async () => {
    const owner = await proOwner(ctx);
    const property = await newProperty(owner.agent, 'Undo House');
    const scheduled = (await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Kim Lee' })).json();
    const done = await owner.agent.put(`/api/inspections/${scheduled.id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(done.statusCode, done.body).toBe(200);
    const undone = await owner.agent.post(`/api/undo/${done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string}`, {});
    expect(undone.statusCode, undone.body).toBe(200);

    const events = await propertyHistory(owner.agent, property.id);
    expect(events[0]).toMatchObject({ kind: 'undo.complete_inspection', kindLabel: 'Completion undone', entity: 'inspections', entityId: scheduled.id, actorKind: 'member' });
    const reopened = events.find((e) => e.kind === 'inspection.reopened' && e.entityId === scheduled.id);
    expect(reopened?.changes).toMatchObject({ status: ['completed', 'scheduled'] });
  });

  it('names an API token, and the system for writes outside a request', async () => {
    const owner = await proOwner(ctx, { fullName: 'Olive Owner' });
    const property = await newProperty(owner.agent, 'Token Tower');
    const token = await owner.agent.post('/api/tokens', { name: 'Spreadsheet sync', access: 'write' });
    expect(token.statusCode, token.body).toBe(201);
    const byToken = await ctx.agent().request({
      method: 'PUT',
      url: `/api/properties/${property.id}`,
      payload: { name: 'Token Tower East', ...address },
      headers: { authorization: `Bearer ${token.json().token}` },
    });
    expect(byToken.statusCode, byToken.body).toBe(200);
    await ctx.runtime.db.execute(sql`update properties set city = 'Lynn' where id = ${property.id}`);

    const [system, viaToken] = await propertyHistory(owner.agent, property.id);
    expect(system).toMatchObject({ kind: 'property.updated', actorKind: 'system', actorUserId: null, actorName: null, changes: { city: ['Salem', 'Lynn'] } });
    expect(viaToken).toMatchObject({
      kind: 'property.updated',
      actorKind: 'token',
      actorUserId: owner.user.id,
      actorName: 'Olive Owner (API token Spreadsheet sync)',
      changes: { name: ['Token Tower', 'Token Tower East'] },
    });
  });
});

describe('history of sharing and of the plan', () => {
  it('records share links, and the plan granted outside a request as the system', async () => {
    const owner = await proOwner(ctx);
    const property = await newProperty(owner.agent, 'Shared Place');
    const link = await owner.agent.post(`/api/properties/${property.id}/share-links`, { recipient: 'Salem Fire Marshal' });
    expect(link.statusCode, link.body).toBe(201);
    const revoked = await owner.agent.delete(`/api/share-links/${link.json().id}`);
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);

    const events = await propertyHistory(owner.agent, property.id);
    expect(events[0]).toMatchObject({ kind: 'share_link.revoked', kindLabel: 'Share link revoked', subject: 'Salem Fire Marshal', actorKind: 'member' });
    expect(events[1]).toMatchObject({ kind: 'share_link.created', subject: 'Salem Fire Marshal', changes: { recipient: [null, 'Salem Fire Marshal'] } });
    expect(JSON.stringify(events)).not.toContain('token_hash');
    // testing/team.ts grants Pro by SQL, as the operator's CLI would: the system's.
    const { events: plan } = await organizationHistory(owner.agent, '?kind=plan');
    expect(plan[0]).toMatchObject({ kind: 'plan.changed', actorKind: 'system', actorName: null, changes: { plan: ['free', 'pro'] } });
  });
});

describe('history of the organisation itself', () => {
  it('records a trial and a time zone that follows its owner’s profile as the member’s', async () => {
    const owner = await ctx.signedIn({ fullName: 'Tia Trial' });
    const trial = await owner.agent.post('/api/subscription/trial', {});
    expect(trial.statusCode, trial.body).toBe(200);
    const me = (await owner.agent.get('/api/auth/me')).json();
    const profile = await owner.agent.put('/api/auth/profile', { fullName: me.fullName, email: me.email, username: me.username, timeZone: 'America/Chicago' });
    expect(profile.statusCode, profile.body).toBe(200);

    const { events } = await organizationHistory(owner.agent, '');
    expect(events[0]).toMatchObject({ kind: 'organization.updated', actorKind: 'member', actorName: 'Tia Trial', changes: { time_zone: ['UTC', 'America/Chicago'] } });
    expect(events[1]).toMatchObject({ kind: 'plan.changed', actorKind: 'member', actorName: 'Tia Trial', changes: { plan: ['free', 'pro'], plan_source: [null, 'trial'] } });
  });
});

describe('who may read the history', () => {
  it('a manager given one property reads its history only; a viewer and an inspector are refused', async () => {
    const owner = await proOwner(ctx);
    const mine = await newProperty(owner.agent, 'Given');
    const other = await newProperty(owner.agent, 'Not given');
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: [mine.id] }, { fullName: 'Max Manager' });
    const viewer = await addMember(ctx, owner.agent, { role: 'viewer', propertyIds: null });
    const inspector = await addMember(ctx, owner.agent, { role: 'inspector', propertyIds: [mine.id] });

    expect(kinds(await propertyHistory(manager.agent, mine.id))).toContain('property.created');
    const out = await manager.agent.get(`/api/properties/${other.id}/history`);
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toBe('Property not found');
    const managerOrg = await manager.agent.get('/api/organizations/current/history');
    expect(managerOrg.statusCode).toBe(403);
    expect(managerOrg.json().message).toMatch(/^Only owners and admins can do this/);

    for (const member of [viewer, inspector]) {
      const res = await member.agent.get(`/api/properties/${mine.id}/history`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Only owners, admins and managers can do this/);
      expect((await member.agent.get('/api/organizations/current/history')).statusCode).toBe(403);
      expect((await member.agent.get('/api/organizations/current/history.csv')).statusCode).toBe(403);
    }
    expect((await ctx.agent().get(`/api/properties/${mine.id}/history`)).statusCode).toBe(401);
    expect((await ctx.agent().get('/api/organizations/current/history')).statusCode).toBe(401);
  });

  it('two organisations never see each other’s events', async () => {
    const first = await proOwner(ctx);
    const second = await proOwner(ctx);
    const theirs = await newProperty(second.agent, 'Second Org Building');
    await newProperty(first.agent, 'First Org Building');

    expect((await first.agent.get(`/api/properties/${theirs.id}/history`)).statusCode).toBe(404);
    const { events } = await organizationHistory(first.agent);
    expect(events.map((e) => e.propertyName)).not.toContain('Second Org Building');
    expect(events.map((e) => e.propertyName)).toContain('First Org Building');
    const filtered = await organizationHistory(first.agent, `?propertyId=${theirs.id}`);
    expect(filtered.events).toEqual([]);
    const csv = await first.agent.get('/api/organizations/current/history.csv');
    expect(csv.body).not.toContain('Second Org Building');
  });

  it('records members joining and their roles changing, in the organisation’s history', async () => {
    const owner = await proOwner(ctx);
    const property = await newProperty(owner.agent, 'Team Building');
    const member = await addMember(ctx, owner.agent, { role: 'viewer', propertyIds: [property.id] }, { fullName: 'Vic Viewer' });
    const changed = await owner.agent.put(`/api/organizations/current/members/${member.membershipId}`, { role: 'manager', propertyIds: [property.id] });
    expect(changed.statusCode, changed.body).toBe(200);

    const other = await newProperty(owner.agent, 'Second Building');
    const given = await owner.agent.put(`/api/organizations/current/members/${member.membershipId}`, { role: 'manager', propertyIds: [property.id, other.id] });
    expect(given.statusCode, given.body).toBe(200);

    const { events } = await organizationHistory(owner.agent, '?kind=member');
    // The role changed with the same property: no property is said to be taken and given again.
    // (The last is the owner's own, at sign-up.)
    expect(kinds(events)).toEqual(['member.property_given', 'member.role_changed', 'member.property_given', 'member.added', 'member.added']);
    expect(events[0]).toMatchObject({ kindLabel: 'Property given to member', subject: 'Vic Viewer (Manager)', propertyName: 'Second Building' });
    expect(events.find((e) => e.kind === 'member.role_changed')).toMatchObject({ subject: 'Vic Viewer (Manager)', changes: { role: ['viewer', 'manager'] }, actorUserId: owner.user.id });
    const invitations = await organizationHistory(owner.agent, '?kind=invitation');
    expect(kinds(invitations.events)).toEqual(expect.arrayContaining(['invitation.sent', 'invitation.accepted']));
    expect(JSON.stringify(invitations.events)).not.toContain('token_hash');
  });
});

describe('the organisation’s history', () => {
  it('starts with the person who signed up', async () => {
    const agent = ctx.agent();
    const registered = await agent.post('/api/auth/register', { fullName: 'Sam Signup', email: 'sam.signup@example.com', username: 'sam_signup', password: 'smoke-alarm-42' });
    expect(registered.statusCode, registered.body).toBe(201);
    if (!agent.cookie) expect((await agent.post('/api/auth/login', { username: 'sam_signup', password: 'smoke-alarm-42' })).statusCode).toBe(200);
    const { events } = await organizationHistory(agent);
    expect(events.map((e) => [e.kind, e.actorKind, e.actorName])).toEqual([
      ['member.added', 'member', 'Sam Signup'],
      ['organization.created', 'member', 'Sam Signup'],
    ]);
  });

  it('filters by person, property, kind and days, a page at a time', async () => {
    const owner = await proOwner(ctx, { fullName: 'Olive Owner' });
    const a = await newProperty(owner.agent, 'Alpha');
    const b = await newProperty(owner.agent, 'Beta');
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null }, { fullName: 'Max Manager' });
    expect((await manager.agent.put(`/api/properties/${b.id}`, { name: 'Beta Two', ...address })).statusCode).toBe(200);

    const byManager = await organizationHistory(owner.agent, `?userId=${manager.user.id}`);
    expect(byManager.events[0]).toMatchObject({ kind: 'property.updated', propertyName: 'Beta Two', actorName: 'Max Manager' });
    // Joining was theirs too: they accepted the invitation.
    expect(kinds(byManager.events)).toEqual(['property.updated', 'invitation.accepted', 'member.added']);
    expect(byManager.events.every((e) => e.actorUserId === manager.user.id)).toBe(true);
    const ofAlpha = await organizationHistory(owner.agent, `?propertyId=${a.id}`);
    expect(ofAlpha.events.map((e) => e.kind)).toEqual(['property.created']);
    const created = await organizationHistory(owner.agent, '?kind=property.created');
    expect(created.events.map((e) => e.propertyName)).toEqual(['Beta', 'Alpha']);
    expect((await organizationHistory(owner.agent, `?from=${today()}&to=${today()}`)).events.length).toBeGreaterThanOrEqual(3);
    expect((await organizationHistory(owner.agent, '?to=2001-01-01')).events).toEqual([]);

    const people = (await owner.agent.get('/api/organizations/current/history/people')).json();
    expect(people).toEqual(expect.arrayContaining([{ userId: manager.user.id, name: 'Max Manager' }, { userId: owner.user.id, name: 'Olive Owner' }]));

    const first = await organizationHistory(owner.agent, '?limit=2');
    expect(first.events).toHaveLength(2);
    expect(first.nextBefore).toBe(first.events[1]!.id);
    const second = await organizationHistory(owner.agent, `?limit=2&before=${first.nextBefore}`);
    expect(second.events[0]!.id).toBeLessThan(first.events[1]!.id);
  });

  it('refuses filters that do not parse, with what to do', async () => {
    const owner = await proOwner(ctx);
    const res = await owner.agent.get('/api/organizations/current/history?kind=nonsense&from=2026-13-01&userId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      kind: ['Choose a kind of change from the list'],
      from: ['Enter the first day as a date, e.g. 2026-01-31'],
      userId: ['Choose a person from the list'],
    });
    const order = await owner.agent.get('/api/organizations/current/history?from=2026-05-02&to=2026-05-01');
    expect(order.statusCode).toBe(400);
    expect(order.json().fieldErrors).toEqual({ to: ['The last day must be on or after the first day'] });
    expect((await owner.agent.get('/api/organizations/current/history?before=0')).statusCode).toBe(400);
  });

  it('exports CSV that a spreadsheet shows and never runs', async () => {
    const owner = await proOwner(ctx, { fullName: '=Olive' });
    await newProperty(owner.agent, '=HYPERLINK("http://evil.example","Click")');
    await newProperty(owner.agent, '@SUM(1+1)');
    const res = await owner.agent.get('/api/organizations/current/history.csv?kind=property');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="firemark-history-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date and time (UTC),Who,Made with,Property,Change,What,Details,Event id');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'@SUM(1+1)"`);
    expect(lines[1]).toContain(`"'=Olive"`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(lines[2]).toContain('Property added');
    // No cell starts with a formula character unless quoted and prefixed.
    for (const line of lines) expect(line).not.toMatch(/(^|,)[=+\-@]/);
  });
});

describe('the record itself', () => {
  it('is written for every table issue 31 names', async () => {
    const { rows } = await ctx.runtime.pool.query<{ name: string }>(
      `select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'history_capture' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'deficiencies',
      'deficiency_photos',
      'devices',
      'inspections',
      'invitations',
      'membership_properties',
      'memberships',
      'organizations',
      'properties',
      'reports',
      'requirements',
      'safety_item_answers',
      'share_links',
      // Issue 33: a change recorded offline that arrived after its record was deleted.
      'unapplied_changes',
      'undo_actions',
    ]);
  });

  it('cannot be changed or deleted, but goes with its organisation', async () => {
    const owner = await proOwner(ctx);
    const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Seeded' });
    const count = async () => Number((await ctx.runtime.pool.query('select count(*) from history_events where organization_id = $1', [owner.organization.id])).rows[0].count);
    expect(await count()).toBeGreaterThan(0);
    await expect(ctx.runtime.pool.query(`update history_events set kind = 'x' where property_id = $1`, [property.id])).rejects.toThrow(/append-only/);
    await expect(ctx.runtime.pool.query('delete from history_events where property_id = $1', [property.id])).rejects.toThrow(/append-only/);

    await ctx.runtime.pool.query('delete from organizations where id = $1', [owner.organization.id]);
    expect(await count()).toBe(0);
  });
});
