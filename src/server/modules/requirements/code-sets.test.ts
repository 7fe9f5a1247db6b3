import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember } from '../../db/seed/users';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 37 §3: each property follows a code set, chosen from where it is; Canadian properties
 * never get NFPA 101; CMS's set cites the 2012 editions; changing the set shows the differences
 * first and then keeps every requirement's history and inspections.
 */
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

type Req = { id: number; itemType: string; activity: string; source: string; active: boolean; applies?: boolean; principal: boolean; intervalMonths: number | null; lastDoneOn: string | null; nextDueDate: string; lastDoneKnown: boolean; changes: { kind: string; detail: string; changedBy: string }[] };
type Diff = { kind: string; requirementId: number | null; itemType: string; before: { activity: string; source: string; intervalMonths: number } | null; after: { activity: string; source: string; intervalMonths: number } | null };

async function owner() {
  setNow('2026-05-04T15:00:00Z');
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const create = async (fields: Record<string, unknown>) => {
    const res = await session.agent.post('/api/properties', {
      name: 'Building',
      addressLine1: '1 King Street',
      city: 'Toronto',
      managerEmail: 'manager@example.com',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; codeSet: string };
  };
  const add = async (propertyId: number, itemType: string) => {
    const res = await session.agent.post(`/api/properties/${propertyId}/safety-items`, { itemType, nextDueDate: '2026-06-01' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Req[];
  };
  const list = async (propertyId: number) => (await session.agent.get(`/api/properties/${propertyId}/requirements`)).json() as Req[];
  return { ...session, create, add, list };
}

describe('the code set a property gets', () => {
  it("follows the property's country and province; a US healthcare property keeps the current editions", async () => {
    const s = await owner();
    expect((await s.create({ name: 'Queen West', state: 'ON', zip: 'M5V 2T6', country: 'ca' })).codeSet).toBe('ca-on');
    expect((await s.create({ name: 'Granville', city: 'Vancouver', state: 'BC', zip: 'V6B 1A1', country: 'ca' })).codeSet).toBe('ca-nfc');
    const hospital = await s.create({ name: 'Mercy Hospital', city: 'Chicago', state: 'IL', zip: '60601', country: 'us', propertyType: 'healthcare' });
    expect(hospital.codeSet).toBe('us-nfpa');
    expect((await s.agent.get(`/api/properties/${hospital.id}`)).json()).toMatchObject({ codeSet: 'us-nfpa' });
  });

  it("gives a Canadian property the National Fire Code's requirements and CAN/ULC-S536, never NFPA 101", async () => {
    const s = await owner();
    const property = await s.create({ name: 'Granville', city: 'Vancouver', state: 'BC', zip: 'V6B 1A1', country: 'ca' });
    for (const type of ['fire_alarm', 'emergency_lighting', 'emergency_exits', 'sprinkler_system', 'fire_extinguisher']) await s.add(property.id, type);
    const requirements = await s.list(property.id);
    for (const r of requirements) expect(r.source).not.toMatch(/NFPA 101/);
    expect(requirements.filter((r) => r.itemType === 'fire_alarm').map((r) => [r.activity, r.intervalMonths, r.source])).toEqual([
      ['Monthly test', 1, 'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)'],
      ['Annual inspection and test', 12, 'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)'],
    ]);
    expect(requirements.find((r) => r.activity === 'Annual duration test')).toMatchObject({
      source: 'NFC (2020) Part 6, emergency lighting unit equipment',
      note: expect.stringContaining('30 minutes; 1 hour in Group B occupancies; 2 hours in high buildings'),
    });
    expect(requirements.find((r) => r.activity === 'Annual inspection and test' && r.itemType === 'sprinkler_system')?.source).toBe('NFC (2020) 6.4.1.1; NFPA 25 (2017) Table 5.1.1.2');
    expect(requirements.find((r) => r.activity === 'Annual maintenance')?.source).toBe('NFC (2020) 6.2.1.1; NFPA 10 (2018) 7.3.1.1.1');
  });

  it('gives imported Canadian properties their set, and an item with no confirmed Canadian section an annual default', async () => {
    const s = await owner();
    const row = (name: string, city: string, state: string, zip: string) => ({ name, addressLine1: '1 King Street', city, state, zip, country: 'ca', propertyType: 'commercial', managerEmail: 'm@example.com' });
    const res = await s.agent.post('/api/properties/bulk-import', { filename: 'f.csv', properties: [row('Bay Street', 'Toronto', 'ON', 'M5J 2N8'), row('Jasper Ave', 'Edmonton', 'AB', 'T5J 1N9')] });
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await s.agent.get('/api/properties?sort=name_asc')).json() as { id: number; name: string; codeSet: string }[];
    expect(listed.map((p) => [p.name, p.codeSet])).toEqual([
      ['Bay Street', 'ca-on'],
      ['Jasper Ave', 'ca-nfc'],
    ]);
    const doors = await s.add(listed[1]!.id, 'fire_doors');
    expect(doors.map((r) => [r.activity, r.intervalMonths, r.source, r.principal])).toEqual([['Annual inspection', 12, 'Firemark default (no NFC section confirmed)', true]]);
  });

  it("gives an Ontario property the Ontario Fire Code's", async () => {
    const s = await owner();
    const property = await s.create({ name: 'Queen West', state: 'ON', zip: 'M5V 2T6', country: 'ca' });
    for (const type of ['fire_alarm', 'emergency_lighting', 'sprinkler_system']) await s.add(property.id, type);
    const requirements = await s.list(property.id);
    for (const r of requirements) expect(r.source).toMatch(/^OFC \(O\. Reg\. 213\/07\)/);
    expect(requirements.find((r) => r.activity === 'Monthly inspection and test')?.source).toBe('OFC (O. Reg. 213/07) 6.7.1.6');
    expect(requirements.find((r) => r.itemType === 'sprinkler_system' && r.principal)?.source).toBe('OFC (O. Reg. 213/07) 6.5.1.1; NFPA 25 (2014) Table 5.1.1.2');
  });

  it("matches a Canadian property's history within its own code set", async () => {
    const s = await owner();
    const property = await s.create({ name: 'Granville', city: 'Vancouver', state: 'BC', zip: 'V6B 1A1', country: 'ca' });
    const row = { property: 'Granville', itemType: 'Fire alarm', performedOn: '2026-04-02', result: 'pass', activity: 'Monthly test' };
    const res = await s.agent.post('/api/inspection-history/import', { rows: [row] });
    expect(res.statusCode, res.body).toBe(201);
    const monthly = (await s.list(property.id)).find((r) => r.activity === 'Monthly test')!;
    expect(monthly).toMatchObject({ source: 'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)', lastDoneOn: '2026-04-02', nextDueDate: '2026-05-02' });
    // The current editions' set has no monthly fire alarm test to match.
    const us = await s.create({ name: 'Lakeshore', state: 'IL', city: 'Chicago', zip: '60601', country: 'us' });
    const refused = await s.agent.post('/api/inspection-history/import', { rows: [{ ...row, property: 'Lakeshore' }] });
    expect(refused.statusCode).toBe(422);
    expect((await s.list(us.id)).length).toBe(0);
  });

  it('names the code set and its editions in the report and on share links, each requirement with its edition', async () => {
    const s = await owner();
    const property = await s.create({ name: 'Queen West', state: 'ON', zip: 'M5V 2T6', country: 'ca' });
    await s.add(property.id, 'fire_alarm');
    const link = await s.agent.post(`/api/properties/${property.id}/share-links`, { recipient: 'Toronto Fire Services' });
    expect(link.statusCode, link.body).toBe(201);
    const page = (await ctx.agent().get(`/api/share/${link.json().url.split('/share/')[1]}`)).json();
    expect(page.codeSet).toEqual({
      codeSet: 'ca-on',
      label: 'Ontario: Ontario Fire Code (O. Reg. 213/07)',
      editions: ['Ontario Fire Code (O. Reg. 213/07) Part 6', 'CAN/ULC-S536', 'NFPA 10', 'NFPA 25 (2014)'],
    });
    expect(page.items[0].requirements.map((r: { source: string }) => r.source)).toEqual(['OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536', 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536']);

    const report = await s.agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(report.statusCode, report.body).toBe(201);
    const text = (await pdfPages((await s.agent.get(report.json().downloadUrl)).rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Code set: Ontario: Ontario Fire Code (O. Reg. 213/07). Editions: Ontario Fire Code (O. Reg. 213/07) Part 6, CAN/ULC-S536, NFPA 10, NFPA 25 (2014).');
    expect(text).toContain('Monthly test Every month OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536');
    expect(text).not.toContain('NFPA 101');
  });

  it("lists each set's library, the current editions by default, and refuses a set it does not know", async () => {
    const s = await owner();
    const bySet = async (query: string) => (await s.agent.get(`/api/requirements/library${query}`)).json() as { itemType: string; activity: string; source: string }[];
    const current = await bySet('');
    const cms = await bySet('?codeSet=us-cms');
    expect(current.find((r) => r.itemType === 'fire_alarm' && r.activity === 'Annual test')?.source).toBe('NFPA 72 (2022) Table 14.4.3.2');
    expect(cms.find((r) => r.itemType === 'fire_alarm' && r.activity === 'Annual test')?.source).toBe('NFPA 72 (2010) Table 14.4.5');
    expect(cms.length).toBe(current.length);
    for (const r of await bySet('?codeSet=ca-on')) expect(r.source).not.toMatch(/NFPA 101/);
    const bad = await s.agent.get('/api/requirements/library?codeSet=eu');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ codeSet: ['Choose a code set'] });
  });
});

describe('changing a property’s code set', () => {
  it("shows a CMS healthcare property's differences, applies them keeping history and inspections, and can go back", async () => {
    const s = await owner();
    const hospital = await s.create({ name: 'Mercy Hospital', city: 'Chicago', state: 'IL', zip: '60601', country: 'us', propertyType: 'healthcare' });
    const [annual] = await s.add(hospital.id, 'fire_alarm').then((rows) => rows.filter((r) => r.principal));
    await s.add(hospital.id, 'sprinkler_system');
    const scheduled = await s.agent.post('/api/inspections', { propertyId: hospital.id, inspectionType: 'fire_alarm', requirementId: annual!.id, dueDate: '2026-05-01', assignedTo: 'Dana Cole' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const done = await s.agent.put(`/api/inspections/${scheduled.json().id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-05-01' });
    expect(done.statusCode, done.body).toBe(200);
    const before = await s.list(hospital.id);

    const preview = await s.agent.post(`/api/properties/${hospital.id}/code-set/preview`, { codeSet: 'us-cms' });
    expect(preview.statusCode, preview.body).toBe(200);
    const diff = preview.json() as { from: string; to: string; differences: Diff[]; unchanged: number };
    expect(diff).toMatchObject({ from: 'us-nfpa', to: 'us-cms', unchanged: 0 });
    expect(diff.differences.every((d) => d.kind === 'changed')).toBe(true);
    expect(diff.differences.find((d) => d.requirementId === annual!.id)).toMatchObject({
      before: { source: 'NFPA 72 (2022) Table 14.4.3.2' },
      after: { source: 'NFPA 72 (2010) Table 14.4.5', intervalMonths: 12 },
    });
    // A preview changes nothing.
    expect((await s.agent.get(`/api/properties/${hospital.id}`)).json().codeSet).toBe('us-nfpa');
    expect(await s.list(hospital.id)).toEqual(before);

    const applied = await s.agent.put(`/api/properties/${hospital.id}/code-set`, { codeSet: 'us-cms' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().differences).toEqual(diff.differences);
    expect((await s.agent.get(`/api/properties/${hospital.id}`)).json().codeSet).toBe('us-cms');
    const after = await s.list(hospital.id);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const alarm = after.find((r) => r.id === annual!.id)!;
    expect(alarm).toMatchObject({ source: 'NFPA 72 (2010) Table 14.4.5', lastDoneOn: '2026-05-01', nextDueDate: '2027-05-01' });
    expect(alarm.changes[0]).toMatchObject({ kind: 'code_set_changed', changedBy: 'Jordan Lee', detail: expect.stringContaining('source NFPA 72 (2022) Table 14.4.3.2, now NFPA 72 (2010) Table 14.4.5') });
    for (const r of after.filter((r) => r.itemType === 'sprinkler_system')) expect(r.source).toMatch(/^NFPA 25 \(2011\)/);
    const inspection = (await s.agent.get(`/api/inspections/${scheduled.json().id}`)).json();
    expect(inspection).toMatchObject({ requirement: { id: annual!.id }, status: 'completed' });

    // The same set again changes nothing; back to the current editions, as it was.
    expect((await s.agent.put(`/api/properties/${hospital.id}/code-set`, { codeSet: 'us-cms' })).json()).toMatchObject({ differences: [] });
    expect((await s.agent.put(`/api/properties/${hospital.id}/code-set`, { codeSet: 'us-nfpa' })).statusCode).toBe(200);
    expect((await s.list(hospital.id)).map((r) => [r.id, r.source])).toEqual(before.map((r) => [r.id, r.source]));
  });

  it('moves a US property to Ontario: NFPA 101 rows kept but no longer applying, S536 rows added as due now, nothing lost', async () => {
    const s = await owner();
    const property = await s.create({ name: 'Lakeshore', state: 'IL', city: 'Chicago', zip: '60601', country: 'us' });
    const exits = await s.add(property.id, 'emergency_exits');
    await s.add(property.id, 'fire_alarm');
    const diff = (await s.agent.post(`/api/properties/${property.id}/code-set/preview`, { codeSet: 'ca-on' })).json() as { differences: Diff[] };
    const kinds = (kind: string) => diff.differences.filter((d) => d.kind === kind).map((d) => d.before?.activity ?? d.after?.activity);
    expect(kinds('added')).toEqual(['Monthly test']);
    expect(kinds('leaving')).toEqual(expect.arrayContaining(['Annual egress door inspection']));
    expect(kinds('changed')).toEqual(expect.arrayContaining(['Monthly exit sign check', 'Annual test']));

    expect((await s.agent.put(`/api/properties/${property.id}/code-set`, { codeSet: 'ca-on' })).statusCode).toBe(200);
    const after = await s.list(property.id);
    expect(after.map((r) => r.id)).toEqual(expect.arrayContaining(exits.map((r) => r.id)));
    const door = after.find((r) => r.activity === 'Annual egress door inspection')!;
    expect(door).toMatchObject({ active: false, principal: false, source: expect.stringMatching(/^NFPA 101/) });
    expect(door.changes[0]).toMatchObject({ kind: 'code_set_changed', detail: expect.stringContaining('no longer applies') });
    expect(after.find((r) => r.activity === 'Monthly test')).toMatchObject({ nextDueDate: '2026-05-04', lastDoneKnown: false, source: 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536' });
    for (const r of after.filter((r) => r.active)) expect(r.source).not.toMatch(/NFPA 101/);
    // One principal per item: the exit sign check now.
    expect(after.filter((r) => r.itemType === 'emergency_exits' && r.principal).map((r) => r.activity)).toEqual(['Monthly exit sign check']);
    // The report lists what was left behind with the change that left it, never as below the code minimum.
    const report = await s.agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(report.statusCode, report.body).toBe(201);
    const text = (await pdfPages((await s.agent.get(report.json().downloadUrl)).rawPayload)).join('\n').replace(/\s+/g, ' ');
    const switchedOff = text.slice(text.indexOf('Requirements switched off'));
    expect(switchedOff).toContain('Annual egress door inspection');
    expect(switchedOff).toContain('Code set changed to Ontario: Ontario Fire Code (O. Reg. 213/07), which does not ask it');
    expect(text.slice(text.indexOf('Below the code minimum'), text.indexOf('Requirements switched off'))).not.toContain('egress door');
  });

  it("keeps a US property's inspected fire doors when it moves to a Canadian set: the same requirement, as the set's default", async () => {
    const s = await owner();
    const property = await s.create({ name: 'Lakeshore', state: 'IL', city: 'Chicago', zip: '60601', country: 'us' });
    const [doors] = await s.add(property.id, 'fire_doors');
    const scheduled = await s.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_doors', dueDate: '2026-05-01', assignedTo: 'Dana Cole' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const done = await s.agent.put(`/api/inspections/${scheduled.json().id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-05-01' });
    expect(done.statusCode, done.body).toBe(200);

    for (const [codeSet, source] of [
      ['ca-nfc', 'Firemark default (no NFC section confirmed)'],
      ['ca-on', 'Firemark default (no OFC section confirmed)'],
    ] as const) {
      const diff = (await s.agent.post(`/api/properties/${property.id}/code-set/preview`, { codeSet })).json() as { differences: Diff[] };
      expect(diff.differences.filter((d) => d.itemType === 'fire_doors').map((d) => [d.kind, d.requirementId])).toEqual([['changed', doors!.id]]);
      expect((await s.agent.put(`/api/properties/${property.id}/code-set`, { codeSet })).statusCode).toBe(200);
      const fireDoors = (await s.list(property.id)).filter((r) => r.itemType === 'fire_doors');
      expect(fireDoors).toHaveLength(1);
      expect(fireDoors[0]).toMatchObject({ id: doors!.id, active: true, applies: true, principal: true, activity: 'Annual inspection', source, lastDoneOn: '2026-05-01', nextDueDate: '2027-05-01' });
    }
    expect((await s.agent.get(`/api/inspections/${scheduled.json().id}`)).json()).toMatchObject({ requirement: { id: doors!.id } });
  });

  it("gives a Canadian property's smoke alarms their replacement: the failed system test they no longer have stops failing the item", async () => {
    const s = await owner();
    const property = await s.create({ name: 'Queen West', state: 'ON', zip: 'M5V 2T6', country: 'ca' });
    const rows = await s.add(property.id, 'smoke_detectors');
    expect(rows.map((r) => [r.activity, r.source])).toEqual([
      ['Annual test', 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536'],
      ['10-year smoke alarm replacement', "OFC (O. Reg. 213/07) 6.3.3; the manufacturer's instructions"],
    ]);
    const annual = rows.find((r) => r.principal)!;
    const scheduled = await s.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'smoke_detectors', requirementId: annual.id, dueDate: '2026-05-01', assignedTo: 'Dana Cole' });
    const failed = await s.agent.put(`/api/inspections/${scheduled.json().id}`, { status: 'completed', complianceStatus: 'non_compliant', completedDate: '2026-05-01', notes: 'Two detectors did not alarm' });
    expect(failed.statusCode, failed.body).toBe(200);
    const item = async () => ((await s.agent.get(`/api/properties/${property.id}`)).json().complianceItems as { itemType: string; status: string }[]).find((i) => i.itemType === 'smoke_detectors');
    expect((await item())?.status).toBe('non_compliant');

    const answered = await s.agent.put(`/api/properties/${property.id}/safety-items/smoke_detectors/answers`, { answers: { detector_kind: ['single_station'] } });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await s.list(property.id);
    expect(after.filter((r) => r.active).map((r) => r.activity)).toEqual(['10-year smoke alarm replacement']);
    expect(after.find((r) => r.id === annual.id)).toMatchObject({ applies: false, active: false });
    expect((await item())?.status).not.toBe('non_compliant');
    expect((await s.agent.get(`/api/properties/${property.id}`)).json().status).not.toBe('non_compliant');
    // An inspection that names no activity counts for what is asked, the replacement, not the test ruled out.
    const plain = await s.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'smoke_detectors', dueDate: '2026-06-01', assignedTo: 'Dana Cole' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ requirement: { activity: '10-year smoke alarm replacement' } });
  });

  it('keeps a requirement the new set left behind off when the answers about its item change', async () => {
    const s = await owner();
    const property = await s.create({ name: 'Lakeshore', state: 'IL', city: 'Chicago', zip: '60601', country: 'us' });
    await s.add(property.id, 'emergency_exits');
    expect((await s.agent.put(`/api/properties/${property.id}/code-set`, { codeSet: 'ca-nfc' })).statusCode).toBe(200);
    const answered = await s.agent.put(`/api/properties/${property.id}/safety-items/emergency_exits/answers`, { answers: { exit_sign_power: ['battery'] } });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await s.list(property.id);
    expect(after.filter((r) => r.active).map((r) => r.source)).toEqual(['NFC (2020) 2.7.3; Part 6, unit equipment']);
  });

  it('is refused to members without the permission (403) and unknown outside their reach (404); a bad set is 400', async () => {
    const s = await owner();
    const mine = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const other = await createProperty(ctx.runtime.db, s.user.id, { name: 'Secret Tower' });
    const stranger = await ctx.signedIn({ timeZone: 'UTC' });
    const strangers = await createProperty(ctx.runtime.db, stranger.user.id, { name: 'Elsewhere' });
    const member = async (role: 'manager' | 'viewer') => {
      const m = await createMember(ctx.runtime.db, { organizationId: s.user.id, role, propertyIds: [mine.id] });
      const agent = ctx.agent();
      await agent.post('/api/auth/login', { username: m.user.username, password: m.password });
      expect((await agent.post(`/api/organizations/${s.user.id}/switch`)).statusCode).toBe(200);
      return agent;
    };
    const viewer = await member('viewer');
    expect((await viewer.put(`/api/properties/${mine.id}/code-set`, { codeSet: 'ca-nfc' })).statusCode).toBe(403);
    expect((await viewer.post(`/api/properties/${mine.id}/code-set/preview`, { codeSet: 'ca-nfc' })).statusCode).toBe(403);
    const manager = await member('manager');
    expect((await manager.put(`/api/properties/${other.id}/code-set`, { codeSet: 'ca-nfc' })).statusCode).toBe(404);
    expect((await s.agent.put(`/api/properties/${strangers.id}/code-set`, { codeSet: 'ca-nfc' })).statusCode).toBe(404);
    const bad = await manager.put(`/api/properties/${mine.id}/code-set`, { codeSet: 'mars' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ codeSet: ['Choose a code set'] });
    expect((await manager.put(`/api/properties/${mine.id}/code-set`, { codeSet: 'ca-nfc' })).statusCode).toBe(200);
    expect((await s.agent.get(`/api/properties/${strangers.id}`)).statusCode).toBe(404);
  });
});
