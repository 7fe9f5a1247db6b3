import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/compliance';
import { todayInTimeZone } from '@shared/dates';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { pngWithGps } from '../../testing/photos';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-report-photos-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const today = () => todayInTimeZone('UTC');

describe('the report\'s inspection record', () => {
  it('prints who performed each inspection with the licence as recorded (expired shown), and each deficiency with its correction', async () => {
    // One day for the whole test: what is sent and what is expected, even across midnight.
    const day = today();
    const { agent, user } = await ctx.signedIn();
    await grantPro(ctx.runtime.db, user.username);
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View' });
    const inspector = (await agent.post('/api/inspectors', { name: 'Ada Byrne', licenceNumber: 'NICET-4471', licenceExpiresOn: addDays(day, -3) })).json();
    const scheduled = (await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: day, assignedTo: 'Ada Byrne' })).json();
    await agent.put(`/api/inspections/${scheduled.id}`, {
      status: 'completed',
      complianceStatus: 'non_compliant',
      notes: 'Two findings',
      inspectorId: inspector.id,
      attestation: { accepted: true, typedName: 'Ada Byrne' },
      deficiencies: [
        { description: 'Panel shows a ground fault', severity: 'critical', location: 'Lobby', correctiveAction: 'Clear the ground fault', dueBy: addDays(day, 7) },
        { description: 'Horn strobe missing', severity: 'non_critical' },
      ],
    });
    const [critical, minor] = (await agent.get(`/api/inspections/${scheduled.id}/deficiencies`)).json() as { id: number }[];
    const photo = await agent.request({ method: 'POST', url: `/api/deficiencies/${critical!.id}/photos`, payload: pngWithGps(), headers: { 'content-type': 'image/png' } });
    expect(photo.statusCode).toBe(201);
    await agent.post(`/api/deficiencies/${minor!.id}/correct`, { correctedOn: day, correctedBy: 'Kim Lee', note: 'New strobe fitted' });

    const report = (await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' })).json();
    const pdf = (await agent.get(report.downloadUrl)).rawPayload;
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, pdf);
    const text = (await pdfPages(pdf)).join('\n').replace(/\s+/g, ' ');
    const expiredOn = new Date(`${addDays(day, -3)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(text).toContain('Who performed the inspections');
    expect(text).toContain(`Ada Byrne NICET-4471, Licence expired on ${expiredOn} Performed and signed by Ada Byrne.`);
    expect(text).toContain('Deficiencies and corrective actions');
    expect(text).toContain('Critical - Fire Alarm - open Panel shows a ground fault');
    expect(text).toContain('Corrective action: Clear the ground fault');
    expect(text).toMatch(/Non-critical - Fire Alarm - corrected .* Horn strobe missing/);
    expect(text).toContain('by Kim Lee: New strobe fitted');
    expect(text).not.toContain('Photo not printable');
  });
});
