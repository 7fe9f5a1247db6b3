import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { filesystemFileStore, newFileKey } from '../../files/file-store';
import { grantPro } from '../subscription/subscription.service';
import { deleteOrphanFiles } from '../housekeeping/orphan-files';
import { sha256 } from '../../files/sha256';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-report-files-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function proWithProperty(name = 'Harbor View') {
  const session = await ctx.signedIn();
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name });
  return { ...session, property };
}

const generate = (agent: Awaited<ReturnType<typeof proWithProperty>>['agent'], propertyId: number) => agent.post('/api/reports', { propertyId, reportType: 'fire_safety' });
const storedReportFiles = () => (existsSync(path.join(dataDir, 'reports')) ? readdirSync(path.join(dataDir, 'reports'), { recursive: true }).filter((f) => /[a-f0-9]{32}$/.test(String(f))) : []);

describe('report files', () => {
  it('keeps the PDF as a file in the store, not as bytes in its row, and serves it as generated', async () => {
    const { agent, property } = await proWithProperty();
    const report = (await generate(agent, property.id)).json();
    const row = (await ctx.runtime.pool.query(`select storage_key, byte_size, pdf_sha256 from reports where id = $1`, [report.id])).rows[0];
    expect(row.storage_key).toMatch(/^[a-f0-9]{32}$/);
    expect(existsSync(path.join(dataDir, 'reports', row.storage_key.slice(0, 2), row.storage_key))).toBe(true);
    const download = await agent.get(report.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.byteLength).toBe(row.byte_size);
    expect(sha256(download.rawPayload)).toBe(row.pdf_sha256);
  });

  it('numbers each account\'s reports on their own, so a report says nothing of how many others exist', async () => {
    const year = todayInTimeZone('UTC').slice(0, 4);
    const first = await proWithProperty();
    const second = await proWithProperty();
    const a1 = (await generate(first.agent, first.property.id)).json();
    const b1 = (await generate(second.agent, second.property.id)).json();
    const a2 = (await generate(first.agent, first.property.id)).json();
    expect([a1.reportNumber, a2.reportNumber]).toEqual([`FM-${year}-000001`, `FM-${year}-000002`]);
    expect(b1.reportNumber).toBe(`FM-${year}-000001`);
  });

  it('refuses a report over REPORT_MAX_BYTES with what to do, and keeps nothing of it', async () => {
    const small = await createTestContext({ DATA_DIR: dataDir, REPORT_MAX_BYTES: '10240' });
    try {
      const { agent, user } = await small.signedIn();
      await grantPro(small.runtime.db, user.username);
      const property = await createProperty(small.runtime.db, user.id, { name: 'Too Big Tower' });
      const before = storedReportFiles().length;
      const res = await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'REPORT_TOO_LARGE',
        message: "This report would be larger than 10 KB, the most Firemark keeps. Remove photos you do not need from this property's deficiencies, or ask your administrator to raise REPORT_MAX_BYTES.",
      });
      expect((await agent.get('/api/reports')).json()).toEqual([]);
      expect(storedReportFiles().length).toBe(before);
      // The server is still there for the next request.
      expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('prints photos small: three 12-megapixel photos make a report of well under a megabyte', async () => {
    const { agent, user, property } = await proWithProperty();
    const inspection = (await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: todayInTimeZone('UTC'), assignedTo: 'Sam Ortiz' })).json();
    const completed = await agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault', deficiencies: [{ description: 'Panel fault', severity: 'critical' }] });
    expect(completed.statusCode).toBe(200);
    const [deficiency] = (await agent.get(`/api/inspections/${inspection.id}/deficiencies`)).json() as { id: number }[];
    const photos = filesystemFileStore(dataDir);
    const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      const key = newFileKey();
      await photos.put(key, noise);
      await ctx.runtime.pool.query(
        `insert into deficiency_photos (organization_id, deficiency_id, storage_key, content_type, byte_size, reencoded_at) values ($1, $2, $3, 'image/jpeg', $4, now())`,
        [user.id, deficiency!.id, key, noise.byteLength],
      );
    }
    const report = await generate(agent, property.id);
    expect(report.statusCode).toBe(201);
    const pdf = (await agent.get(report.json().downloadUrl)).rawPayload;
    expect(pdf.byteLength).toBeLessThan(512 * 1024);
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(3);
  });

  it('deletes a property that has reports, and undoing it brings the reports back whole', async () => {
    const { agent, property } = await proWithProperty('Pier Warehouse');
    const report = (await generate(agent, property.id)).json();
    const original = (await agent.get(report.downloadUrl)).rawPayload;
    const deleted = await agent.delete(`/api/properties/${property.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await agent.get(report.downloadUrl)).statusCode).toBe(404);
    const undo = await agent.post(`/api/undo/${deleted.headers[UNDO_TOKEN_HEADER.toLowerCase()]}`, {});
    expect(undo.statusCode).toBe(200);
    const again = await agent.get(report.downloadUrl);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(original)).toBe(true);
  });

  it('deletes the file of a report whose property is gone once its undo has expired, and keeps the others', async () => {
    const { agent, property } = await proWithProperty('Demolished Depot');
    const gone = (await generate(agent, property.id)).json();
    const kept = await proWithProperty('Standing Store');
    const live = (await generate(kept.agent, kept.property.id)).json();
    const keyOf = async (id: number) => (await ctx.runtime.pool.query(`select storage_key from reports where id = $1`, [id])).rows[0].storage_key as string;
    const [goneKey, liveKey] = [await keyOf(gone.id), await keyOf(live.id)];
    const fileOf = (key: string) => path.join(dataDir, 'reports', key.slice(0, 2), key);
    expect((await agent.delete(`/api/properties/${property.id}`)).statusCode).toBe(200);

    const store = filesystemFileStore(dataDir, 'reports');
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await ctx.runtime.pool.query(`update undo_actions set expires_at = now() - interval '1 minute'`);
    await deleteOrphanFiles(ctx.runtime.db, store, tomorrow);
    expect(existsSync(fileOf(goneKey))).toBe(false);
    expect(existsSync(fileOf(liveKey))).toBe(true);
    expect((await kept.agent.get(live.downloadUrl)).statusCode).toBe(200);
  });
});
