import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function proAccount() {
  const signedIn = await ctx.signedIn({ timeZone: 'America/Chicago', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, signedIn.user.username);
  return signedIn;
}

/** A property with one failed and one passed item, and a report of it. */
async function reportWithHistory() {
  const owner = await proAccount();
  const property = await createProperty(ctx.runtime.db, owner.user.id, {
    name: 'Harbor View Offices',
    addressLine1: '100 Harbor Way',
    addressLine2: 'Suite 9',
    city: 'Boston',
    managerEmail: 'facilities@harbor.example',
  });
  const schedule = async (inspectionType: string) =>
    (await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType, dueDate: '2026-01-10', assignedTo: 'Sam Ortiz' })).json();
  const sprinkler = await schedule('sprinkler_system');
  await owner.agent.put(`/api/inspections/${sprinkler.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Valve 3 corroded' });
  const alarm = await schedule('fire_alarm');
  await owner.agent.put(`/api/inspections/${alarm.id}`, { status: 'completed', complianceStatus: 'compliant' });
  const res = await owner.agent.post('/api/reports', { propertyId: property.id });
  expect(res.statusCode).toBe(201);
  return { owner, property, report: res.json() };
}

const verifyIdOf = (verifyPath: string) => verifyPath.replace('/verify/', '');

describe('report numbers', () => {
  it('gives 20 reports generated at once 20 different numbers of this year', async () => {
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => agent.post('/api/reports', { propertyId: property.id })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().reportNumber as string);
    const year = new Date().getFullYear();
    for (const n of numbers) expect(n).toMatch(new RegExp(`^FM-(${year - 1}|${year}|${year + 1})-\\d{6}$`));
    expect(new Set(numbers).size).toBe(20);
    const links = results.map((r) => r.json().verifyPath as string);
    expect(new Set(links).size).toBe(20);
    // Each number is printed on its own PDF, on every page.
    const first = results[0]!.json();
    const pages = await pdfPages((await agent.get(first.downloadUrl)).rawPayload);
    for (const page of pages) expect(page).toContain(first.reportNumber);
  }, 120_000); // twenty PDFs drawn one after another on a busy machine
});

describe('GET /api/verify/:id', () => {
  it('shows anyone the report as it was made, with the SHA-256 of the stored PDF', async () => {
    const { owner, report } = await reportWithHistory();
    // The link is 128 random bits, not the row id.
    expect(report.verifyPath).toMatch(/^\/verify\/[A-Za-z0-9_-]{22}$/);
    expect(report.verifyPath).not.toContain(String(report.id));

    const res = await ctx.agent().get(`/api/verify/${verifyIdOf(report.verifyPath)}`);
    expect(res.statusCode).toBe(200);
    const pdf = (await owner.agent.get(report.downloadUrl)).rawPayload;
    const body = res.json();
    expect(body).toEqual({
      state: 'valid',
      reportNumber: report.reportNumber,
      generatedAt: report.generatedDate,
      property: { name: 'Harbor View Offices', city: 'Boston' },
      overallStatus: 'non_compliant',
      statusReason: 'Sprinkler system failed inspection',
      items: expect.arrayContaining([
        { label: 'Sprinkler System', status: 'non_compliant' },
        { label: 'Fire Alarm', status: 'compliant' },
      ]),
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });

    // What it must not reveal: e-mail, notes, address lines, names, other reports.
    const raw = res.body;
    for (const secret of ['facilities@harbor.example', owner.user.email, 'Valve 3 corroded', '100 Harbor Way', 'Suite 9', 'Jordan Lee', 'Sam Ortiz', report.fileName]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toContain(`"id"`);
  });

  it('keeps showing the moment of the report after the property changes', async () => {
    const { owner, property, report } = await reportWithHistory();
    await owner.agent.put(`/api/properties/${property.id}`, { ...property, name: 'Renamed Tower', city: 'Salem' });
    const body = (await ctx.agent().get(`/api/verify/${verifyIdOf(report.verifyPath)}`)).json();
    expect(body.property).toEqual({ name: 'Harbor View Offices', city: 'Boston' });
  });

  it('answers an unknown or malformed id with the same 404', async () => {
    const unknown = await ctx.agent().get('/api/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Verification link not found', code: 'NOT_FOUND' });
    const short = await ctx.agent().get('/api/verify/1');
    expect(short.statusCode).toBe(404);
    expect(short.json()).toEqual(unknown.json());
    expect((await ctx.agent().get(`/api/verify/${'x'.repeat(65)}`)).statusCode).toBe(400);
    expect((await ctx.agent().get('/api/verify/%00')).statusCode).toBe(400);
  });

  it('is rate limited per client address', async () => {
    const other = await createTestContext({});
    try {
      let last = 0;
      for (let i = 0; i < 121; i++) last = (await other.agent().get('/api/verify/AAAAAAAAAAAAAAAAAAAAAA')).statusCode;
      expect(last).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('DELETE /api/reports/:id/verification', () => {
  it('lets the owner revoke a link; the page then says so and shows nothing of the report', async () => {
    const { owner, report } = await reportWithHistory();
    const id = verifyIdOf(report.verifyPath);

    // Another account cannot revoke it, and signed out is 401.
    const stranger = await ctx.signedIn();
    expect((await stranger.agent.delete(`/api/reports/${report.id}/verification`)).statusCode).toBe(404);
    expect((await ctx.agent().delete(`/api/reports/${report.id}/verification`)).statusCode).toBe(401);
    expect((await ctx.agent().get(`/api/verify/${id}`)).json().state).toBe('valid');

    expect((await owner.agent.delete(`/api/reports/${report.id}/verification`)).statusCode).toBe(204);
    const res = await ctx.agent().get(`/api/verify/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'revoked', message: "This verification link was revoked by the report's owner." });

    // The owner's list says so; revoking again changes nothing.
    const listed = (await owner.agent.get('/api/reports')).json().find((r: { id: number }) => r.id === report.id);
    expect(listed).toMatchObject({ reportNumber: report.reportNumber, verifyPath: report.verifyPath, verificationRevoked: true });
    expect((await owner.agent.delete(`/api/reports/${report.id}/verification`)).statusCode).toBe(204);
    expect((await owner.agent.delete('/api/reports/99999999999/verification')).statusCode).toBe(404);
  });
});
