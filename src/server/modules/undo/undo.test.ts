import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { propertyTableNames } from './undo.queries';

/** Undo from the toast: the property's rows come back exactly, once, in time, for their owner. */
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

type Session = Awaited<ReturnType<TestContext['signedIn']>> & { property: { id: number } };

async function withProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'America/Chicago' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View', managerEmail: 'manager@example.com' });
  return { ...session, property };
}

async function schedule(s: Session, dueDate: string) {
  const res = await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_alarm', dueDate, assignedTo: 'Dana Cole' });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

/** Every row the property's compliance lives in, as the database holds it. */
async function rowsOf(propertyId: number) {
  const q = (text: string) => ctx.runtime.pool.query(text, [propertyId]).then((r) => r.rows);
  return {
    property: await q('select * from properties where id = $1'),
    items: await q('select * from compliance_items where property_id = $1 order by id'),
    requirements: await q('select * from requirements where property_id = $1 order by id'),
    inspections: await q('select * from inspections where property_id = $1 order by id'),
    changes: await q('select * from requirement_changes where property_id = $1 order by id'),
    answers: await q('select * from safety_item_answers where property_id = $1 order by item_type'),
  };
}

const alertsTo = async (userId: number) =>
  Number((await ctx.runtime.pool.query(`select count(*) from email_outbox where user_id = $1 and kind = 'compliance_alert'`, [userId])).rows[0].count);

const undo = (s: { agent: Session['agent'] }, token: string) => s.agent.post(`/api/undo/${token}`, {});

describe('undo', () => {
  it('puts back a completion with a failed result exactly: item, requirements, next inspection, and mails nothing again', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const inspection = await schedule(s, '2026-04-12');
    const before = await rowsOf(s.property.id);
    const seen = async () => (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    const seenBefore = await seen();

    const done = await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault' });
    expect(done.statusCode).toBe(200);
    expect(done.json().nextDue.inspectionId).toEqual(expect.any(Number));
    expect(await rowsOf(s.property.id)).not.toEqual(before);
    const alerts = await alertsTo(s.user.id);
    expect(alerts).toBe(1);

    const token = done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string;
    const res = await undo(s, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'complete_inspection', propertyId: s.property.id });
    expect(await rowsOf(s.property.id)).toEqual(before);
    expect(await seen()).toEqual(seenBefore);
    expect(await alertsTo(s.user.id)).toBe(alerts);

    const again = await undo(s, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This was already undone.');
  });

  it('puts back a Quick Complete and a deleted inspection', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const inspection = await schedule(s, '2026-04-12');
    const before = await rowsOf(s.property.id);

    const quick = await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', completedDate: '2026-04-10T15:00:00.000Z' });
    expect((await undo(s, quick.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string)).statusCode).toBe(200);
    expect(await rowsOf(s.property.id)).toEqual(before);

    const deleted = await s.agent.delete(`/api/inspections/${inspection.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await s.agent.get(`/api/inspections/${inspection.id}`)).statusCode).toBe(404);
    expect((await undo(s, deleted.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string)).statusCode).toBe(200);
    expect(await rowsOf(s.property.id)).toEqual(before);
  });

  it('brings a deleted property back with its inspections, schedule, answers about its safety items and reminder log', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const inspection = await schedule(s, '2026-04-12');
    const answered = await s.agent.put(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`, { answers: { agents: ['co2'] } });
    expect(answered.statusCode).toBe(200);
    await ctx.runtime.pool.query(
      `insert into reminder_logs (organization_id, inspection_id, reminder_type, due_date, email_sent) values ($1, $2, '7_days', '2026-04-12', true)`,
      [s.user.id, inspection.id],
    );
    const before = await rowsOf(s.property.id);
    const logs = async () => (await s.agent.get(`/api/inspections/${inspection.id}/reminder-logs`)).json();
    const logsBefore = await logs();

    const deleted = await s.agent.delete(`/api/properties/${s.property.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await s.agent.get(`/api/properties/${s.property.id}`)).statusCode).toBe(404);

    expect((await undo(s, deleted.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string)).statusCode).toBe(200);
    const after = await rowsOf(s.property.id);
    expect(after.answers).toHaveLength(1);
    expect(after).toEqual(before);
    // The reminder already sent stays recorded as sent: it is not sent a second time.
    expect(await logs()).toEqual(logsBefore);
  });

  it("keeps only what a completion can change, so a property's long history costs it nothing, and puts that back exactly", async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    // Three years of monthly checks, already done.
    await ctx.runtime.pool.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, compliance_result, completed_date, assigned_to)
       select $1, $2, 'fire_alarm', date '2026-04-01' - g * 30, 'completed', 'compliant', timestamptz '2026-04-01' - make_interval(days => g * 30), 'Dana Cole'
       from generate_series(1, 36) g`,
      [s.user.id, s.property.id],
    );
    const inspection = await schedule(s, '2026-04-12');
    const before = await rowsOf(s.property.id);

    const done = await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(done.statusCode).toBe(200);
    const kept = (await ctx.runtime.pool.query(`select before from undo_actions where id = $1`, [done.headers[UNDO_TOKEN_HEADER.toLowerCase()]])).rows[0].before;
    expect(kept.inspections.map((row: { id: number }) => row.id)).toEqual([inspection.id]);

    expect((await undo(s, done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string)).statusCode).toBe(200);
    expect(await rowsOf(s.property.id)).toEqual(before);
  });

  it("is not found for another account's change", async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const inspection = await schedule(s, '2026-04-12');
    const done = await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', completedDate: '2026-04-10T15:00:00.000Z' });
    const other = await ctx.signedIn();

    const res = await undo(other, done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string);
    expect(res.statusCode).toBe(404);
    expect((await s.agent.get(`/api/inspections/${inspection.id}`)).json().status).toBe('completed');
  });

  it('is refused, with what to do, once its time is over', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const inspection = await schedule(s, '2026-04-12');
    const done = await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', completedDate: '2026-04-10T15:00:00.000Z' });

    setNow('2026-04-10T15:01:00Z');
    const res = await undo(s, done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Too late to undo: undo is available for 10 seconds/);
    expect((await s.agent.get(`/api/inspections/${inspection.id}`)).json().status).toBe('completed');
  });

  it('is refused when the property changed after the action', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const first = await schedule(s, '2026-04-12');
    const done = await s.agent.put(`/api/inspections/${first.id}`, { status: 'completed', completedDate: '2026-04-10T15:00:00.000Z' });
    await schedule(s, '2026-05-01');

    const res = await undo(s, done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/the property changed after it/);
  });

  it('says a malformed token is bad input', async () => {
    const s = await ctx.signedIn();
    const res = await undo(s, 'not a token');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ token: ['Not an undo token'] });
  });

  it("keeps every table that holds a property's rows, so undoing a deletion loses nothing", async () => {
    // Tables that reference properties, or (transitively) a table that does, through a cascading key.
    const { rows } = await ctx.runtime.pool.query<{ name: string }>(`
      with recursive owned(name) as (
        select 'properties'::text
        union
        select c.conrelid::regclass::text from pg_constraint c join owned o on c.confrelid = o.name::regclass
        where c.contype = 'f' and c.confdeltype = 'c'
      )
      select name from owned order by name`);
    expect(rows.map((r) => r.name)).toEqual([...propertyTableNames()].sort());
  });
});
