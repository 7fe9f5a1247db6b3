import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import type { Requirement } from '@shared/schemas/requirement';
import { reportSchedule } from '../reports/report-data';

/**
 * Issue 37, "Conditions that change what applies": the answers about a safety item choose
 * which of its library rows apply. Extinguishers (NFPA 10 (2022)): the agents they hold give
 * the hydrostatic test interval (Table 8.3.1), recharging decides between the 6-year
 * maintenance and replacement 12 years after manufacture, and the 12-year test restarts the
 * 6-year clock.
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

type Change = { kind: string; detail: string; changedBy: string };
type Req = {
  id: number;
  activity: string;
  active: boolean;
  applies: boolean;
  nextDueDate: string;
  lastDoneKnown: boolean;
  belowCodeMinimum: boolean;
  dueNotScheduled: boolean;
  changes: Change[];
};

async function extinguishers(answers?: Record<string, string[]>) {
  setNow('2026-04-10T12:00:00Z');
  const owner = await proOwner(ctx, { fullName: 'Jordan Lee' });
  const property = await createProperty(ctx.runtime.db, owner.user.id, { name: 'Harbor View' });
  const added = await owner.agent.post(`/api/properties/${property.id}/safety-items`, { itemType: 'fire_extinguisher', lastDoneOn: '2026-03-15', ...(answers ? { answers } : {}) });
  expect(added.statusCode, added.body).toBe(201);
  const list = async () => (await owner.agent.get(`/api/properties/${property.id}/requirements`)).json() as Req[];
  const answer = (body: unknown, agent: Agent = owner.agent) => agent.put(`/api/properties/${property.id}/safety-items/fire_extinguisher/answers`, body);
  const byActivity = async () => Object.fromEntries((await list()).map((r) => [r.activity, r]));
  return { owner, property, list, answer, byActivity };
}

const activities = (rows: Req[], applies = true) => rows.filter((r) => r.applies === applies).map((r) => r.activity);

describe('answers about a safety item', () => {
  it('lists the questions, not answered until answered, and keeps the answers in the order the question lists them', async () => {
    const s = await extinguishers();
    const before = await s.owner.agent.get(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      itemType: 'fire_extinguisher',
      questions: [
        { key: 'agents', label: 'Which agents do the extinguishers hold?', multiple: true, answer: null },
        { key: 'recharge', label: 'Can they be recharged?', multiple: true, answer: null },
      ],
    });
    const put = await s.answer({ answers: { agents: ['wet_chemical', 'co2', 'co2'], recharge: [] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().questions.map((q: { answer: string[] | null }) => q.answer)).toEqual([['co2', 'wet_chemical'], null]);
    const all = (await s.owner.agent.get(`/api/properties/${s.property.id}/safety-items/answers`)).json() as { itemType: string; questions: { answer: unknown }[] }[];
    expect(all.find((a) => a.itemType === 'fire_extinguisher')!.questions[0]!.answer).toEqual(['co2', 'wet_chemical']);
  });

  it('refuses a question not asked, an answer not offered, and a body of the wrong shape, each with its field', async () => {
    const s = await extinguishers();
    const unknownQuestion = await s.answer({ answers: { colour: ['red'] } });
    expect(unknownQuestion.statusCode).toBe(400);
    expect(unknownQuestion.json().fieldErrors).toEqual({ 'answers.colour': ['This question is not asked about Fire Extinguishers'] });
    const unknownValue = await s.answer({ answers: { agents: ['co2', 'plutonium'] } });
    expect(unknownValue.statusCode).toBe(400);
    expect(unknownValue.json().fieldErrors).toEqual({ 'answers.agents': ['Choose the answers listed'] });
    const shape = await s.answer({ answers: { agents: 'co2' } });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().fieldErrors)[0]).toMatch(/^answers/);
    const otherType = await s.owner.agent.put(`/api/properties/${s.property.id}/safety-items/fire_alarm/answers`, { answers: { agents: ['co2'] } });
    expect(otherType.statusCode).toBe(400);
    expect((await s.owner.agent.put(`/api/properties/${s.property.id}/safety-items/rocket/answers`, { answers: {} })).statusCode).toBe(404);
  });

  it("is another organisation's property: 404; a member who cannot change requirements: 403; signed out: 401", async () => {
    const s = await extinguishers();
    const stranger = await proOwner(ctx, { fullName: 'Sam Stranger' });
    expect((await stranger.agent.get(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`)).statusCode).toBe(404);
    expect((await s.answer({ answers: { agents: ['co2'] } }, stranger.agent)).statusCode).toBe(404);
    const viewer = await addMember(ctx, s.owner.agent, { role: 'viewer', propertyIds: null });
    expect((await viewer.agent.get(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`)).statusCode).toBe(200);
    expect((await s.answer({ answers: { agents: ['co2'] } }, viewer.agent)).statusCode).toBe(403);
    expect((await s.answer({ answers: { agents: ['co2'] } }, ctx.agent())).statusCode).toBe(401);
    // Nothing changed on the property.
    expect(activities(await s.list(), false)).toEqual([]);
  });
});

describe('what applies follows the answers', () => {
  it('lists every extinguisher row until the questions are answered: both hydrostatic tests, never a silent 12', async () => {
    const s = await extinguishers();
    expect(activities(await s.list())).toEqual([
      'Monthly visual inspection',
      'Annual maintenance',
      '6-year internal examination',
      '5-year hydrostatic test',
      '12-year hydrostatic test',
      'Replace non-rechargeable units (12 years from manufacture)',
    ]);
  });

  it('takes the 5-year hydrostatic test away for dry chemical, and gives it back with CO2, each change naming the answer', async () => {
    const s = await extinguishers();
    const put = await s.answer({ answers: { agents: ['dry_chemical'], recharge: ['rechargeable'] } });
    expect(put.statusCode, put.body).toBe(200);
    const after = await s.byActivity();
    expect(activities(Object.values(after))).toEqual(['Monthly visual inspection', 'Annual maintenance', '6-year internal examination', '12-year hydrostatic test']);
    const fiveYear = after['5-year hydrostatic test']!;
    expect(fiveYear).toMatchObject({ applies: false, active: false, belowCodeMinimum: false, dueNotScheduled: false });
    expect(fiveYear.changes[0]).toMatchObject({
      kind: 'not_applicable',
      detail: 'Does not apply: Which agents do the extinguishers hold? Dry chemical, stored pressure (steel, brass or aluminium shell); Can they be recharged? Rechargeable',
      changedBy: 'Jordan Lee',
    });
    expect(after['Replace non-rechargeable units (12 years from manufacture)']).toMatchObject({ applies: false, active: false, belowCodeMinimum: false });
    // Not due, not below the minimum, not on the due list.
    const due = (await s.owner.agent.get('/api/requirements/unscheduled')).json() as { activity: string }[];
    expect(due.map((d) => d.activity)).not.toContain('5-year hydrostatic test');

    await s.answer({ answers: { agents: ['dry_chemical', 'co2'], recharge: ['rechargeable'] } });
    const back = (await s.byActivity())['5-year hydrostatic test']!;
    expect(back).toMatchObject({ applies: true, active: true });
    expect(back.changes[0]).toMatchObject({ kind: 'applicable', detail: 'Applies again: Which agents do the extinguishers hold? Dry chemical, stored pressure (steel, brass or aluminium shell), Carbon dioxide (CO2); Can they be recharged? Rechargeable' });
  });

  it('keeps the 5-year test alone for CO2 and wet chemical units, with no 6-year examination', async () => {
    const s = await extinguishers();
    await s.answer({ answers: { agents: ['co2', 'wet_chemical'] } });
    expect(activities(await s.list())).toEqual([
      'Monthly visual inspection',
      'Annual maintenance',
      '5-year hydrostatic test',
      'Replace non-rechargeable units (12 years from manufacture)',
    ]);
  });

  it('gives non-rechargeable units their replacement and no 6-year examination nor hydrostatic test', async () => {
    const s = await extinguishers();
    await s.answer({ answers: { agents: ['dry_chemical'], recharge: ['non_rechargeable'] } });
    const rows = await s.byActivity();
    expect(activities(Object.values(rows))).toEqual(['Monthly visual inspection', 'Annual maintenance', 'Replace non-rechargeable units (12 years from manufacture)']);
  });

  it('adds a row that applies and the property lacks, last done not known and due now', async () => {
    // Added with CO2 only: no 12-year test nor 6-year examination.
    const s = await extinguishers({ agents: ['co2'], recharge: ['rechargeable'] });
    expect(activities(await s.list())).toEqual(['Monthly visual inspection', 'Annual maintenance', '5-year hydrostatic test']);
    setNow('2026-05-02T12:00:00Z');
    await s.answer({ answers: { agents: ['co2', 'halogenated'], recharge: ['rechargeable'] } });
    const rows = await s.byActivity();
    expect(rows['12-year hydrostatic test']).toMatchObject({ applies: true, active: true, nextDueDate: '2026-05-02', lastDoneKnown: false, dueNotScheduled: true });
    expect(rows['6-year internal examination']!.changes[0]).toMatchObject({ kind: 'applicable', detail: expect.stringMatching(/^Applies: .*Halogenated.*; last done not known$/) });
  });

  it('cannot switch on a requirement that does not apply, and a switched-off one keeps its place below the minimum', async () => {
    const s = await extinguishers();
    await s.answer({ answers: { agents: ['dry_chemical'] } });
    const fiveYear = (await s.byActivity())['5-year hydrostatic test']!;
    const on = await s.owner.agent.put(`/api/requirements/${fiveYear.id}`, { active: true, reason: 'We want it anyway' });
    expect(on.statusCode).toBe(400);
    expect(on.json().fieldErrors).toEqual({ active: ['Does not apply to this property: change the answers about its Fire Extinguishers instead'] });
    const monthly = (await s.byActivity())['Monthly visual inspection']!;
    const off = await s.owner.agent.put(`/api/requirements/${monthly.id}`, { active: false, reason: 'Done by the tenant' });
    expect(off.json()).toMatchObject({ applies: true, active: false, belowCodeMinimum: true });
  });

  it('leaves a requirement switched off by hand off when answers rule it out and back in, and says so', async () => {
    const s = await extinguishers();
    const fiveYear = (await s.byActivity())['5-year hydrostatic test']!;
    const off = await s.owner.agent.put(`/api/requirements/${fiveYear.id}`, { active: false, reason: 'Tested by the landlord' });
    expect(off.statusCode, off.body).toBe(200);
    await s.answer({ answers: { agents: ['dry_chemical'] } });
    expect((await s.byActivity())['5-year hydrostatic test']).toMatchObject({ applies: false, active: false });
    await s.answer({ answers: { agents: ['dry_chemical', 'co2'] } });
    const back = (await s.byActivity())['5-year hydrostatic test']!;
    expect(back).toMatchObject({ applies: true, active: false, belowCodeMinimum: true });
    expect(back.changes[0]).toMatchObject({ kind: 'applicable', detail: expect.stringMatching(/^Applies again: .*Carbon dioxide \(CO2\); stays switched off, as it was before$/) });
    // Switched on by hand since, it comes back on the next time the answers rule it back in.
    expect((await s.owner.agent.put(`/api/requirements/${back.id}`, { active: true, reason: 'The landlord stopped' })).statusCode).toBe(200);
    await s.answer({ answers: { agents: ['dry_chemical'] } });
    await s.answer({ answers: { agents: ['co2'] } });
    expect((await s.byActivity())['5-year hydrostatic test']).toMatchObject({ applies: true, active: true });
  });

  it("is listed in the report's switched-off requirements with the answer as its reason, never below the code minimum", async () => {
    const s = await extinguishers();
    await s.answer({ answers: { agents: ['co2'] } });
    const report = reportSchedule((await s.list()) as unknown as Requirement[]);
    expect(report.belowMinimum).toEqual([]);
    expect(report.switchedOff.map((r) => [r.activity, r.reason, r.changedBy])).toEqual([
      ['12-year hydrostatic test', 'Does not apply: Which agents do the extinguishers hold? Carbon dioxide (CO2)', 'Jordan Lee'],
      ['6-year internal examination', 'Does not apply: Which agents do the extinguishers hold? Carbon dioxide (CO2)', 'Jordan Lee'],
    ]);
  });

  it('keeps who changed the answers in the property history', async () => {
    const s = await extinguishers();
    await s.answer({ answers: { agents: ['co2'] } });
    const events = (await s.owner.agent.get(`/api/properties/${s.property.id}/history`)).json().events as { kind: string; actorName: string; changes: Record<string, unknown> }[];
    expect(events.find((e) => e.kind === 'requirement.answers_changed')).toMatchObject({ actorName: 'Jordan Lee', changes: { answers: [null, { agents: ['co2'] }] } });
  });
});

describe('the 6-year examination restarts at the 12-year hydrostatic test', () => {
  it('is next due six years after a compliant 12-year test, and after its own examination (a recharge) when that is later', async () => {
    const s = await extinguishers({ agents: ['dry_chemical'], recharge: ['rechargeable'] });
    const rows = await s.byActivity();
    const sixYear = async () => (await s.byActivity())['6-year internal examination']!;
    // Added with last done 2026-03-15: six years from then.
    expect((await sixYear()).nextDueDate).toBe('2032-03-15');
    const complete = async (requirementId: number, day: string, result = 'compliant') => {
      const scheduled = await s.owner.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_extinguisher', requirementId, dueDate: day, assignedTo: 'Dana Cole' });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      const done = await s.owner.agent.put(`/api/inspections/${scheduled.json().id}`, { status: 'completed', complianceStatus: result, completedDate: day, ...(result === 'compliant' ? {} : { notes: 'Cylinder failed the test' }) });
      expect(done.statusCode, done.body).toBe(200);
      return scheduled.json().id as number;
    };
    const hydro = rows['12-year hydrostatic test']!.id;
    // A failed test restarts nothing; a compliant one restarts the examination's six years.
    await complete(hydro, '2026-04-01', 'non_compliant');
    expect((await sixYear()).nextDueDate).toBe('2032-03-15');
    const passed = await complete(hydro, '2026-04-06');
    expect((await sixYear()).nextDueDate).toBe('2032-04-06');
    // A recharge is recorded as the examination itself: it counts from its own day.
    await complete(rows['6-year internal examination']!.id, '2026-04-09');
    expect((await sixYear()).nextDueDate).toBe('2032-04-09');
    // The test deleted, the examination counts from itself alone.
    expect((await s.owner.agent.delete(`/api/inspections/${passed}`)).statusCode).toBeLessThan(300);
    expect((await sixYear()).nextDueDate).toBe('2032-04-09');
  });
});
