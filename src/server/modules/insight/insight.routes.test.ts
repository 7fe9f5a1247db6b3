import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InspectionType } from '@shared/enums';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';

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

const NEW_YORK = 'America/New_York';
const db = () => ctx.runtime.db;

async function owner(timeZone = NEW_YORK) {
  const signed = await proOwner(ctx);
  await db().execute(sql`update organizations set time_zone = ${timeZone} where id = ${signed.organization.id}`);
  return { ...signed, organizationId: signed.organization.id };
}

/** A completed inspection: `completedAt` an instant, its local day is what counts. */
async function completed(organizationId: number, propertyId: number, dueDate: string, completedAt: string, result: 'compliant' | 'non_compliant' = 'compliant', type: InspectionType = 'fire_extinguisher') {
  const row = await createInspectionRow(db(), { organizationId, propertyId, dueDate, inspectionType: type, status: 'completed' });
  await db().execute(sql`update inspections set completed_date = ${completedAt}, compliance_result = ${result} where id = ${row.id}`);
  return row;
}

async function deficiency(organizationId: number, propertyId: number, inspectionId: number, severity: string, description: string, correctedOn: string | null = null) {
  await db().execute(sql`
    insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on)
    values (${organizationId}, ${propertyId}, ${inspectionId}, 'fire_extinguisher', ${description}, ${severity}, ${correctedOn})`);
}

describe('GET /api/insight/workload', () => {
  it('counts what falls due each week for twelve weeks from this Monday, by type, unscheduled requirements included', async () => {
    setNow('2026-04-08T15:00:00Z'); // Wednesday
    const { agent, organizationId } = await owner();
    const p = await createProperty(db(), organizationId);
    const add = (dueDate: string, inspectionType: InspectionType = 'fire_extinguisher', status: 'scheduled' | 'in_progress' | 'completed' = 'scheduled') =>
      createInspectionRow(db(), { organizationId, propertyId: p.id, dueDate, inspectionType, status });
    await add('2026-04-06'); // this Monday
    await add('2026-04-12', 'sprinkler_system'); // this Sunday
    await add('2026-04-13', 'fire_extinguisher', 'in_progress');
    await add('2026-06-28'); // the twelfth week's Sunday
    await add('2026-06-29'); // past the twelve weeks
    await add('2026-04-01'); // overdue: not ahead
    await add('2026-04-07', 'fire_extinguisher', 'completed');
    await db().execute(sql`
      insert into requirements (organization_id, property_id, item_type, activity, interval_months, next_due_date, has_open_inspection)
      values (${organizationId}, ${p.id}, 'emergency_lighting', 'Monthly test', 1, '2026-04-20', false),
             (${organizationId}, ${p.id}, 'fire_alarm', 'Annual test', 12, '2026-04-21', true)`);

    const res = await agent.get('/api/insight/workload');
    expect(res.statusCode, res.body).toBe(200);
    const { weeks } = res.json();
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: '2026-04-06', byType: { fire_extinguisher: 1, sprinkler_system: 1 }, total: 2 });
    expect(weeks[1]).toEqual({ weekStart: '2026-04-13', byType: { fire_extinguisher: 1 }, total: 1 });
    expect(weeks[2]).toEqual({ weekStart: '2026-04-20', byType: { emergency_lighting: 1 }, total: 1 });
    expect(weeks[3]).toEqual({ weekStart: '2026-04-27', byType: {}, total: 0 });
    expect(weeks[11]).toEqual({ weekStart: '2026-06-22', byType: { fire_extinguisher: 1 }, total: 1 });

    const csv = await agent.get('/api/insight/workload?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="firemark-workload-2026-04-08.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Week starting,Fire Extinguishers,Sprinkler System,Emergency Lighting,Total');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe('2026-04-06,1,1,0,2');
  });
});

describe('GET /api/insight/deficiency-age', () => {
  it('bands open deficiencies by the local day they were found, and lists the oldest', async () => {
    setNow('2026-04-10T15:00:00Z');
    const { agent, organizationId } = await owner();
    const p = await createProperty(db(), organizationId, { name: 'Harbour House' });
    // 23:30 in New York on 10 March: 31 days old there (30 by the UTC date).
    const march = await completed(organizationId, p.id, '2026-03-10', '2026-03-11T03:30:00Z', 'non_compliant');
    const december = await completed(organizationId, p.id, '2025-12-01', '2025-12-01T15:00:00Z', 'non_compliant');
    const april = await completed(organizationId, p.id, '2026-04-09', '2026-04-09T15:00:00Z', 'non_compliant');
    await deficiency(organizationId, p.id, march.id, 'critical', 'Extinguisher missing');
    await deficiency(organizationId, p.id, december.id, 'impairment', 'Sprinkler head painted');
    await deficiency(organizationId, p.id, april.id, 'non_critical', 'Tag faded');
    await deficiency(organizationId, p.id, march.id, 'critical', 'Corrected already', '2026-03-20');
    const other = await owner();
    const theirs = await createProperty(db(), other.organizationId);
    const theirInspection = await completed(other.organizationId, theirs.id, '2026-01-01', '2026-01-01T15:00:00Z', 'non_compliant');
    await deficiency(other.organizationId, theirs.id, theirInspection.id, 'critical', 'Not ours');

    const res = await agent.get('/api/insight/deficiency-age');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const count = (severity: string, band: string) => body.bands.find((b: { severity: string; band: string }) => b.severity === severity && b.band === band).count;
    expect(body.bands).toHaveLength(9);
    expect(count('critical', '0-30')).toBe(0);
    expect(count('critical', '31-90')).toBe(1);
    expect(count('impairment', '90+')).toBe(1);
    expect(count('non_critical', '0-30')).toBe(1);
    expect(body.bands.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(3);
    expect(body.oldest).toEqual([
      expect.objectContaining({ propertyName: 'Harbour House', severity: 'impairment', description: 'Sprinkler head painted', foundOn: '2025-12-01', ageDays: 130 }),
      expect.objectContaining({ severity: 'critical', foundOn: '2026-03-10', ageDays: 31 }),
      expect.objectContaining({ severity: 'non_critical', foundOn: '2026-04-09', ageDays: 1 }),
    ]);

    const csv = await agent.get('/api/insight/deficiency-age?format=csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Severity,Age (days since found),Open deficiencies');
    expect(lines).toContain('Critical,31-90,1');
  });
});

describe('GET /api/insight/on-time', () => {
  it('counts completions by local month, on time by the due date, with the median days late; narrowed by reach and choice', async () => {
    setNow('2026-04-10T15:00:00Z');
    const { agent, organizationId } = await owner();
    const a = await createProperty(db(), organizationId, { name: 'A' });
    const b = await createProperty(db(), organizationId, { name: 'B' });
    // 23:30 in New York on 31 March: March, and on time (April and a day late by the UTC date).
    await completed(organizationId, a.id, '2026-03-31', '2026-04-01T03:30:00Z');
    await completed(organizationId, a.id, '2026-03-10', '2026-03-15T15:00:00Z'); // 5 days late
    await completed(organizationId, a.id, '2026-03-01', '2026-03-08T15:00:00Z'); // 7 days late
    await completed(organizationId, b.id, '2026-03-20', '2026-03-12T15:00:00Z'); // early
    await completed(organizationId, b.id, '2026-04-01', '2026-04-05T15:00:00Z'); // 4 days late
    await completed(organizationId, a.id, '2025-04-01', '2025-04-20T15:00:00Z'); // before the twelve months
    await createInspectionRow(db(), { organizationId, propertyId: a.id, dueDate: '2026-03-05' }); // not completed

    const res = await agent.get('/api/insight/on-time');
    expect(res.statusCode, res.body).toBe(200);
    const { months } = res.json();
    expect(months.map((m: { month: string }) => m.month)).toEqual([
      '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04',
    ]);
    expect(months[0]).toEqual({ month: '2025-05', completed: 0, onTime: 0, rate: null, medianDaysLate: null });
    expect(months[10]).toEqual({ month: '2026-03', completed: 4, onTime: 2, rate: 0.5, medianDaysLate: 6 });
    expect(months[11]).toEqual({ month: '2026-04', completed: 1, onTime: 0, rate: 0, medianDaysLate: 4 });

    // Chosen properties narrow; an id of another organisation counts nothing and is no error.
    const other = await owner();
    const theirs = await createProperty(db(), other.organizationId);
    const chosen = (await agent.get(`/api/insight/on-time?propertyIds=${b.id},${theirs.id}`)).json().months;
    expect(chosen[10]).toMatchObject({ completed: 1, onTime: 1 });
    expect((await agent.get(`/api/insight/on-time?propertyIds=${theirs.id}`)).json().months[10]).toMatchObject({ completed: 0 });

    // A manager given A alone sees A's completions, whatever they ask for.
    const manager = await addMember(ctx, agent, { role: 'manager', propertyIds: [a.id] });
    expect((await manager.agent.get('/api/insight/on-time')).json().months[10]).toEqual({ month: '2026-03', completed: 3, onTime: 1, rate: 1 / 3, medianDaysLate: 6 });
    expect((await manager.agent.get(`/api/insight/on-time?propertyIds=${b.id}`)).json().months[10]).toMatchObject({ completed: 0 });

    // An inspector counts the inspections assigned to them alone.
    const inspector = await addMember(ctx, agent, { role: 'inspector', propertyIds: null }, { fullName: 'Ines Inspector' });
    const link = await db().execute<{ inspector_id: number }>(
      sql`select inspector_id from memberships where organization_id = ${organizationId} and user_id = ${inspector.user.id}`,
    );
    const theirsToDo = await completed(organizationId, b.id, '2026-03-02', '2026-03-03T15:00:00Z');
    await db().execute(sql`update inspections set inspector_id = ${link.rows[0]!.inspector_id} where id = ${theirsToDo.id}`);
    expect((await inspector.agent.get('/api/insight/on-time')).json().months[10]).toEqual({ month: '2026-03', completed: 1, onTime: 0, rate: 0, medianDaysLate: 1 });

    const csv = await agent.get('/api/insight/on-time?format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="firemark-on-time-2026-04-10.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Inspections completed,Completed on time,On-time rate (%),Median days late');
    expect(lines).toHaveLength(13);
    expect(lines[11]).toBe('2026-03,5,2,40,5');
  });

  it('answers bad input with 400 and the field', async () => {
    const { agent } = await owner();
    const res = await agent.get('/api/insight/on-time?propertyIds=1,x');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Property ids must be numbers separated by commas');
    expect((await agent.get('/api/insight/on-time?format=xml')).statusCode).toBe(400);
    expect((await ctx.agent().get('/api/insight/on-time')).statusCode).toBe(401);
  });
});

describe('GET /api/insight/attention', () => {
  it('ranks properties by the written rule and gives the reasons, weightiest first', async () => {
    setNow('2026-04-10T15:00:00Z');
    const { agent, organizationId } = await owner();
    const late = await createProperty(db(), organizationId, { name: 'Late Lodge' });
    const risky = await createProperty(db(), organizationId, { name: 'Risky Rise' });
    const fine = await createProperty(db(), organizationId, { name: 'Fine Flats' });
    const item = (propertyId: number, type: InspectionType, status: string, nextDue: string | null, lastDone: string | null) =>
      db().execute(sql`insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date)
        values (${propertyId}, ${type}, ${status}, ${nextDue}, ${lastDone})`);
    // Two items overdue, last inspected 90 days ago: 2 x 10 + 3 = 23.
    await item(late.id, 'fire_extinguisher', 'compliant', '2026-04-01', '2026-01-10');
    await item(late.id, 'sprinkler_system', 'compliant', '2026-04-09', '2025-12-01');
    // A critical deficiency, an item never inspected, last inspected a year ago: 8 + 5 + 12 = 25.
    await item(risky.id, 'fire_extinguisher', 'compliant', '2027-04-10', '2025-04-10');
    await item(risky.id, 'fire_alarm', 'never_inspected', null, null);
    const found = await completed(organizationId, risky.id, '2025-04-10', '2025-04-10T15:00:00Z', 'non_compliant');
    await deficiency(organizationId, risky.id, found.id, 'critical', 'Alarm panel dead');
    await deficiency(organizationId, risky.id, found.id, 'non_critical', 'Not counted');
    // Inspected nine days ago, nothing due: scores nothing and is not listed.
    await item(fine.id, 'fire_extinguisher', 'compliant', '2027-01-01', '2026-04-01');

    const res = await agent.get('/api/insight/attention');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().properties).toEqual([
      {
        propertyId: risky.id,
        name: 'Risky Rise',
        score: 25,
        overdueItems: 0,
        criticalDeficiencies: 1,
        neverInspectedItems: 1,
        daysSinceInspection: 365,
        reasons: ['Last inspected 365 days ago', '1 critical deficiency open', '1 item never inspected'],
      },
      {
        propertyId: late.id,
        name: 'Late Lodge',
        score: 23,
        overdueItems: 2,
        criticalDeficiencies: 0,
        neverInspectedItems: 0,
        daysSinceInspection: 90,
        reasons: ['2 items overdue', 'Last inspected 90 days ago'],
      },
    ]);

    const manager = await addMember(ctx, agent, { role: 'viewer', propertyIds: [late.id] });
    expect((await manager.agent.get('/api/insight/attention')).json().properties.map((p: { name: string }) => p.name)).toEqual(['Late Lodge']);

    const csv = await agent.get('/api/insight/attention?format=csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Rank,Property,Score,Overdue items,Open critical deficiencies,Items never inspected,Days since last inspection,Reasons');
    expect(lines[1]).toBe('1,Risky Rise,25,0,1,1,365,Last inspected 365 days ago; 1 critical deficiency open; 1 item never inspected');
  });
});
