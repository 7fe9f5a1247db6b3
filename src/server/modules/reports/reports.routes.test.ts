import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { setNow } from '../../testing/clock';

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

async function proAccount() {
  const signedIn = await ctx.signedIn({ timeZone: 'America/Chicago', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, signedIn.user.username);
  return signedIn;
}

describe('POST /api/reports', () => {
  it('generates a PDF record of the property: items, deficiencies and a year of inspections', async () => {
    setNow('2026-05-20T15:30:00Z');
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id, {
      name: 'Harbor View Offices',
      addressLine1: '100 Harbor Way',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      managerEmail: 'facilities@harbor.example',
    });
    const schedule = async (inspectionType: string, dueDate: string) =>
      (await agent.post('/api/inspections', { propertyId: property.id, inspectionType, dueDate, assignedTo: 'Sam Ortiz' })).json();
    const sprinkler = await schedule('sprinkler_system', '2026-05-01');
    await agent.put(`/api/inspections/${sprinkler.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Valve 3 corroded; replace before June.' });
    const alarm = await schedule('fire_alarm', '2026-05-10');
    await agent.put(`/api/inspections/${alarm.id}`, { status: 'completed', complianceStatus: 'compliant' });
    await schedule('emergency_lighting', '2026-06-15');
    await schedule('fire_extinguisher', '2025-04-01'); // open for over a year: listed, overdue
    await ctx.runtime.pool.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, compliance_result, notes, assigned_to, completed_date)
       values ($1, $2, 'smoke_detectors', '2025-03-01', 'completed', 'compliant', 'Old annual check', 'Sam Ortiz', '2025-03-01')`,
      [user.id, property.id],
    ); // completed more than 12 months ago: not listed

    const res = await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(res.statusCode).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({
      propertyId: property.id,
      property: { id: property.id, name: 'Harbor View Offices' },
      reportType: 'fire_safety',
      fileName: 'firemark-harbor-view-offices-2026-05-20-FM-2026-000001.pdf',
      generatedDate: '2026-05-20T15:30:00.000Z',
      downloadUrl: `/api/reports/${report.id}/download`,
    });

    // The account hears of it by e-mail (report e-mails are on by default).
    const mails = await ctx.runtime.pool.query(`select subject from email_outbox where user_id = $1 and kind = 'report_ready'`, [user.id]);
    expect(mails.rows).toEqual([{ subject: 'Fire safety report ready: Harbor View Offices' }]);

    const download = await agent.get(report.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="firemark-harbor-view-offices-2026-05-20-FM-2026-000001.pdf"; filename*=UTF-8''firemark-harbor-view-offices-2026-05-20-FM-2026-000001.pdf`,
    );
    const text = (await pdfPages(download.rawPayload)).join('\n');
    for (const expected of [
      'Fire Safety Compliance Report',
      'Harbor View Offices',
      '100 Harbor Way',
      'Boston, MA 02110, United States',
      'facilities@harbor.example',
      'Overall status:',
      'Action Needed',
      'Sprinkler System',
      'Fire Alarm',
      'Sprinkler System: non-compliant (found',
      'Valve 3 corroded; replace before June.',
      'Fire Extinguishers: inspection overdue since Apr 1, 2025',
      'Emergency Lighting',
      'Jun 15, 2026',
      'Apr 1, 2025',
      'Overdue',
      'Requirements and their sources',
      'NFPA 10 (2022) 7.2.1.2',
      'Reviewed by',
      `Firemark report ${report.reportNumber} - verify at ${ctx.config.appUrl}${report.verifyPath} - page 1 of`,
    ]) {
      expect(text).toContain(expected);
    }
    // Beside the QR code the line wraps; a reader still reads it whole.
    expect(text.replace(/\s+/g, '')).toContain('GeneratedMay20,2026at10:30AM(America/Chicago)forJordanLee');
    expect(text).not.toContain('Old annual check');
  });

  it('names two reports of the same property and day as two files', async () => {
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View Offices' });
    const first = (await agent.post('/api/reports', { propertyId: property.id })).json();
    const second = (await agent.post('/api/reports', { propertyId: property.id })).json();
    expect(first.fileName).toMatch(/^firemark-harbor-view-offices-\d{4}-\d{2}-\d{2}-FM-\d{4}-000001\.pdf$/);
    expect(second.fileName).toMatch(/^firemark-harbor-view-offices-\d{4}-\d{2}-\d{2}-FM-\d{4}-000002\.pdf$/);
    expect((await agent.get(second.downloadUrl)).headers['content-disposition']).toContain(`filename="${second.fileName}"`);
  });

  it('is for Pro accounts; a free account is told why', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const res = await agent.post('/api/reports', { propertyId: property.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PREMIUM_FEATURE_REQUIRED',
      message: 'PDF report generation is only available for premium subscribers. Upgrade to unlock this feature.',
    });
  });

  it('needs a property id, and the property must be yours', async () => {
    const { agent } = await proAccount();
    const missing = await agent.post('/api/reports', { reportType: 'fire_safety' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ propertyId: ['Property ID is required to generate a report.'] });
    expect((await agent.post('/api/reports', { propertyId: 1, reportType: 'annual' })).json().fieldErrors).toEqual({
      reportType: ['Report type must be fire_safety'],
    });
    const other = await ctx.signedIn();
    const theirs = await createProperty(ctx.runtime.db, other.user.id);
    expect((await agent.post('/api/reports', { propertyId: theirs.id })).statusCode).toBe(404);
  });

  it('prints names in any script as written, and spreads a long history over pages', async () => {
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Café Ünter 東京' });
    const rows = Array.from({ length: 80 }, (_, i) => `(${user.id}, ${property.id}, 'smoke_detectors', date '2026-01-01' + ${i}, 'completed', 'compliant', 'Floor ${i} ok', 'Sam Ortiz')`);
    await ctx.runtime.pool.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, compliance_result, notes, assigned_to) values ${rows.join(',')}`,
    );
    const report = (await agent.post('/api/reports', { propertyId: property.id })).json();
    expect(report.fileName).toMatch(/^firemark-cafe-unter-\d{4}-\d{2}-\d{2}-FM-\d{4}-\d{6}\.pdf$/);
    const pages = await pdfPages((await agent.get(report.downloadUrl)).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    // pdfjs reads a change of font as a new text item, so compare without spaces.
    expect(pages[0]!.replace(/\s+/g, '')).toContain('CaféÜnter東京');
    expect(pages.at(-1)).toContain(`page ${pages.length} of ${pages.length}`);
    expect(pages.join('\n')).toContain('Floor 79 ok');
  });
});

describe('PDF layout', () => {
  it('cuts a very long cell in the table and prints it whole after it', async () => {
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Long Notes House' });
    const story = `${'Sprinkler head replaced in the east stairwell. '.repeat(100)}END-OF-NOTES ${'x'.repeat(300)}`;
    await ctx.runtime.pool.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, compliance_result, notes, assigned_to, completed_date)
       values ($1, $2, 'sprinkler_system', current_date - 3, 'completed', 'compliant', $3, 'Sam Ortiz', now())`,
      [user.id, property.id, story],
    );
    const report = (await agent.post('/api/reports', { propertyId: property.id })).json();
    const pages = await pdfPages((await agent.get(report.downloadUrl)).rawPayload);
    const text = pages.join('\n');
    expect(text).toContain('Inspection details in full');
    expect(text.indexOf('...')).toBeLessThan(text.indexOf('Inspection details in full'));
    expect(text.replace(/\s+/g, '')).toContain(`END-OF-NOTES${'x'.repeat(300)}`);
    // The table row is one page's worth at most; the full text flows as paragraphs.
    expect(pages.length).toBeLessThanOrEqual(4);
  });

  it("dates a completion by the account's own calendar", async () => {
    const { agent, user } = await proAccount(); // America/Chicago
    const property = await createProperty(ctx.runtime.db, user.id);
    // 02:00 UTC on Mar 11 is 9 pm on Mar 10 in Chicago.
    await ctx.runtime.pool.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, compliance_result, assigned_to, completed_date)
       values ($1, $2, 'fire_alarm', current_date - 30, 'completed', 'compliant', 'Sam Ortiz', '2026-03-11T02:00:00Z')`,
      [user.id, property.id],
    );
    setNow('2026-03-20T15:00:00Z');
    const report = (await agent.post('/api/reports', { propertyId: property.id })).json();
    vi.useRealTimers();
    const text = (await pdfPages((await agent.get(report.downloadUrl)).rawPayload)).join('\n');
    expect(text).toContain('Mar 10, 2026');
    expect(text).not.toContain('Mar 11, 2026');
  });
});

describe('bad input and limits', () => {
  it('answers 400 or 404, never 500, for ids out of range, NUL characters and signed-out calls', async () => {
    const { agent } = await proAccount();
    expect((await agent.post('/api/reports', { propertyId: 99_999_999_999 })).statusCode).toBe(400);
    expect((await agent.get('/api/reports?propertyId=99999999999')).statusCode).toBe(400);
    const nul = await agent.get('/api/reports?q=%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fieldErrors).toEqual({ q: ['Contains a character that is not allowed'] });
    expect((await agent.get('/api/reports/99999999999/download')).statusCode).toBe(404);
    expect((await agent.get('/api/reports/abc/download')).statusCode).toBe(404);
    expect((await ctx.agent().post('/api/reports', { propertyId: 1 })).statusCode).toBe(401);
  });

  it('lets one account generate 30 reports in 10 minutes, then asks it to wait', async () => {
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id);
    for (let i = 0; i < 30; i++) expect((await agent.post('/api/reports', { propertyId: property.id })).statusCode).toBe(201);
    const next = await agent.post('/api/reports', { propertyId: property.id });
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBeDefined();
  }, 120_000); // thirty PDFs drawn on a busy machine
});

describe('GET /api/reports and downloads', () => {
  it('lists the account reports across properties: search, property filter, sorts and pages', async () => {
    const { agent, user } = await proAccount();
    const alpha = await createProperty(ctx.runtime.db, user.id, { name: 'Alpha Tower' });
    const beta = await createProperty(ctx.runtime.db, user.id, { name: 'Beta Clinic' });
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const [property, at] of [
      [beta, '2026-01-05T12:00:00Z'],
      [alpha, '2026-02-05T12:00:00Z'],
      [beta, '2026-03-05T12:00:00Z'],
    ] as const) {
      vi.setSystemTime(new Date(at));
      expect((await agent.post('/api/reports', { propertyId: property.id })).statusCode).toBe(201);
    }
    vi.useRealTimers();
    const names = (res: { json(): { fileName: string }[] }) => res.json().map((r) => r.fileName);

    const all = await agent.get('/api/reports');
    expect(all.headers['x-total-count']).toBe('3');
    expect(names(all)).toEqual(['firemark-beta-clinic-2026-03-05-FM-2026-000003.pdf', 'firemark-alpha-tower-2026-02-05-FM-2026-000002.pdf', 'firemark-beta-clinic-2026-01-05-FM-2026-000001.pdf']);
    expect(names(await agent.get('/api/reports?sort=oldest&limit=1'))).toEqual(['firemark-beta-clinic-2026-01-05-FM-2026-000001.pdf']);
    expect(names(await agent.get('/api/reports?sort=property'))[0]).toBe('firemark-alpha-tower-2026-02-05-FM-2026-000002.pdf');
    expect(names(await agent.get(`/api/reports?propertyId=${alpha.id}`))).toEqual(['firemark-alpha-tower-2026-02-05-FM-2026-000002.pdf']);
    expect(names(await agent.get('/api/reports?q=beta'))).toHaveLength(2);
    expect(names(await agent.get(`/api/properties/${beta.id}/reports`))).toHaveLength(2);
    expect((await agent.get('/api/reports?sort=size')).statusCode).toBe(400);

    // Another account sees none of them and cannot download them; signed out is 401.
    const stranger = await ctx.signedIn();
    expect((await stranger.agent.get('/api/reports')).json()).toEqual([]);
    const id = all.json()[0].id;
    expect((await stranger.agent.get(`/api/reports/${id}/download`)).statusCode).toBe(404);
    expect((await ctx.agent().get(`/api/reports/${id}/download`)).statusCode).toBe(401);
    expect((await ctx.agent().get('/api/reports')).statusCode).toBe(401);
  });

  it('sends a PDF report as it is, whatever the browser accepts', async () => {
    const { agent, user } = await ctx.signedIn();
    await grantPro(ctx.runtime.db, user.username);
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View Offices' });
    const report = (await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' })).json();

    const download = await agent.request({ method: 'GET', url: report.downloadUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
  });

  it('keeps reports made while Pro downloadable after Pro ends', async () => {
    const { agent, user } = await proAccount();
    const property = await createProperty(ctx.runtime.db, user.id);
    const report = (await agent.post('/api/reports', { propertyId: property.id })).json();
    await ctx.runtime.pool.query(`update organizations set plan = 'free' where id = $1`, [user.id]);
    expect((await agent.get(report.downloadUrl)).statusCode).toBe(200);
    expect((await agent.post('/api/reports', { propertyId: property.id })).statusCode).toBe(403);
  });
});
