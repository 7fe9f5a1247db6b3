import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/compliance';
import { formatDisplayDate, todayInTimeZone } from '@shared/dates';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 30, items 2, 3 and 4: a completion keeps the instructions typed when the inspection was
 * scheduled beside its findings; the signer says whether they performed it or record another's
 * inspection, and the record says both; a changed interval moves the next due date at once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Session = Awaited<ReturnType<TestContext['signedIn']>> & { property: { id: number } };

async function withProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Dana Cole' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

/** The text of the property's report, on one line. */
async function reportText(s: Session): Promise<string> {
  const report = await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' });
  expect(report.statusCode).toBe(201);
  const pdf = (await s.agent.get(report.json().downloadUrl)).rawPayload;
  return (await pdfPages(pdf)).join('\n').replace(/\s+/g, ' ');
}

const schedule = (s: Session, body: Record<string, unknown>) =>
  s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_extinguisher', dueDate: todayInTimeZone('UTC'), assignedTo: 'Acme Fire', ...body });

describe('completing keeps the instructions beside the findings', () => {
  it('in the API, after completion and in the PDF, each under its own label', async () => {
    const s = await withProperty();
    const { id } = (await schedule(s, { notes: 'Bring the tag punch; 12 units on 3 floors' })).json();
    const done = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Unit 7 discharged; 11 tagged' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ notes: 'Bring the tag punch; 12 units on 3 floors', completionNotes: 'Unit 7 discharged; 11 tagged' });
    expect((await s.agent.get(`/api/inspections/${id}`)).json()).toMatchObject({
      notes: 'Bring the tag punch; 12 units on 3 floors',
      completionNotes: 'Unit 7 discharged; 11 tagged',
    });

    const text = await reportText(s);
    expect(text).toContain('Findings: Unit 7 discharged; 11 tagged Instructions: Bring the tag punch; 12 units on 3 floors');
    // The failure's findings are what the open deficiency says, not the instructions.
    expect(text).toMatch(/Fire Extinguishers: non-compliant \(found [^)]+\) Unit 7 discharged; 11 tagged/);
  });

  it('a result recorded later with SPEC\'s one notes field keeps them as findings; the instructions stay', async () => {
    const s = await withProperty();
    const { id } = (await schedule(s, { notes: 'Keys at the front desk' })).json();
    await s.agent.put(`/api/inspections/${id}`, { status: 'completed' });
    const missing = await s.agent.put(`/api/inspections/${id}`, { complianceResult: 'non_compliant', completionNotes: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ completionNotes: ['Required for non-compliance'] });
    const res = await s.agent.put(`/api/inspections/${id}`, { complianceResult: 'non_compliant', notes: 'Two units overdue for service' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notes: 'Keys at the front desk', completionNotes: 'Two units overdue for service', complianceResult: 'non_compliant' });
  });
});

describe('the attestation says who performed it and who signed', () => {
  it('a recorder signs for the inspector who performed it, and the app and the PDF say both', async () => {
    const s = await withProperty();
    const inspector = (await s.agent.post('/api/inspectors', { name: 'Alex Rivera', company: 'Acme Fire', licenceNumber: 'FL-2231' })).json();
    const { id } = (await schedule(s, { inspectorId: inspector.id, assignedTo: 'Alex Rivera' })).json();

    // "I performed this inspection" signed by someone else than the inspector contradicts the record.
    const contradicting = await s.agent.put(`/api/inspections/${id}`, {
      status: 'completed',
      complianceStatus: 'compliant',
      inspectorId: inspector.id,
      attestation: { accepted: true, role: 'performer', typedName: 'Dana Cole' },
    });
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json().fieldErrors).toEqual({
      'attestation.typedName': ['Alex Rivera is recorded as performing this inspection. Sign as Alex Rivera, or choose "I am recording the result".'],
    });
    expect((await s.agent.get(`/api/inspections/${id}`)).json().status).toBe('scheduled');

    const res = await s.agent.put(`/api/inspections/${id}`, {
      status: 'completed',
      complianceStatus: 'compliant',
      inspectorId: inspector.id,
      attestation: { accepted: true, role: 'recorder', typedName: 'Dana Cole' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().inspector).toMatchObject({ name: 'Alex Rivera', company: 'Acme Fire' });
    expect(res.json().attestation).toMatchObject({
      role: 'recorder',
      statement: 'I am recording the result of an inspection performed by Alex Rivera.',
      typedName: 'Dana Cole',
      performedBy: 'Alex Rivera',
    });

    const text = await reportText(s);
    expect(text).toContain('Alex Rivera FL-2231 Performed by Alex Rivera. Recorded and signed by Dana Cole, who did not perform it.');
  });

  it('a performer signs for the work: without an inspector record the signer is who performed it', async () => {
    const s = await withProperty();
    const { id } = (await schedule(s, { assignedTo: 'Acme Fire' })).json();
    const res = await s.agent.put(`/api/inspections/${id}`, {
      status: 'completed',
      complianceStatus: 'compliant',
      attestation: { accepted: true, role: 'performer', typedName: 'Sam Ortiz' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().inspector).toMatchObject({ name: 'Sam Ortiz' });
    expect(res.json().attestation).toMatchObject({ role: 'performer', statement: 'I performed this inspection.', typedName: 'Sam Ortiz', performedBy: 'Sam Ortiz' });
    // SPEC's body without a role is a performer's statement.
    const other = (await schedule(s, { inspectionType: 'fire_alarm', assignedTo: 'Kim Lee' })).json();
    const plain = await s.agent.put(`/api/inspections/${other.id}`, { status: 'completed', attestation: { accepted: true, typedName: 'Kim Lee' } });
    expect(plain.json().attestation).toMatchObject({ role: 'performer', performedBy: 'Kim Lee' });

    const text = await reportText(s);
    expect(text).toContain('Sam Ortiz - Performed and signed by Sam Ortiz.');
  });
});

describe('changing an interval moves the next due date at once', () => {
  it('a never-done monthly requirement made every 2 weeks is due 2 weeks after it began, in the schedule, the item and the PDF', async () => {
    const s = await withProperty();
    const day = todayInTimeZone('UTC');
    expect((await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'fire_extinguisher', nextDueDate: addDays(day, 60) })).statusCode).toBe(201);
    const monthly = (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json().find((r: { activity: string }) => r.activity === 'Monthly visual inspection');
    expect(monthly.nextDueDate > addDays(day, 27)).toBe(true);

    const res = await s.agent.put(`/api/requirements/${monthly.id}`, { intervalCount: 2, intervalUnit: 'weeks', reason: 'Insurer asks for fortnightly checks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intervalDays: 14, lastDoneOn: null, nextDueDate: addDays(day, 14), dueNotScheduled: true });
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property.complianceItems[0]).toMatchObject({ itemType: 'fire_extinguisher', nextDueDate: addDays(day, 14) });

    const text = await reportText(s);
    expect(text).toContain(`Monthly visual inspection Every 2 weeks NFPA 10 (2022) 7.2.1.2 ${formatDisplayDate(addDays(day, 14))}`);
  });

  it('done before: counts from the last done date, and the next inspection scheduled on the old date comes forward with it', async () => {
    const s = await withProperty();
    const day = todayInTimeZone('UTC');
    const { id } = (await schedule(s, { inspectionType: 'fire_alarm', dueDate: day })).json();
    const done = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: addDays(day, -10) });
    const next = done.json().nextDue;
    expect(next.inspectionId).not.toBeNull();
    const [annual] = (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();

    const res = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 1, intervalUnit: 'months', reason: 'Monthly by the insurer' });
    const lastDone = addDays(day, -10);
    const [y, m, d] = lastDone.split('-').map(Number) as [number, number, number];
    const inAMonth = new Date(Date.UTC(y, m, Math.min(d, new Date(Date.UTC(y, m + 1, 0)).getUTCDate()))).toISOString().slice(0, 10);
    expect(res.json()).toMatchObject({ lastDoneOn: lastDone, nextDueDate: inAMonth, openInspection: { id: next.inspectionId, dueDate: inAMonth } });
    const moved = (await s.agent.get(`/api/inspections/${next.inspectionId}`)).json();
    expect(moved).toMatchObject({ dueDate: inAMonth, rescheduleReason: 'Interval changed: every year, now every month' });

    // A longer interval leaves what is scheduled where it is.
    const longer = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 2, intervalUnit: 'years', reason: 'Back to the standard' });
    expect(longer.json().openInspection.dueDate).toBe(inAMonth);
    expect(longer.json().nextDueDate > inAMonth).toBe(true);
  });
});
