import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createProperty } from '../db/seed/properties';
import { grantPro } from '../modules/subscription/subscription.service';
import { noiseJpeg } from '../testing/photos';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { startS3App, type S3App } from '../testing/s3-app';
import { createTestContext, type Agent, type TestContext } from '../testing/test-app';
import type { FileStores } from './file-stores';
import { sha256 } from './sha256';
import { storageErrors } from '../metrics';

/**
 * The app with FILE_STORE=s3 against a real S3-compatible server (s3rver): photos and reports
 * go into the bucket and come back through the ownership check; a store that goes down in the
 * middle of an upload is a 503 with Retry-After, and no record names a file that is not there.
 */
let s3: TestS3Server;
let ctx: TestContext;
let files: FileStores;

let app: S3App | undefined;

beforeAll(async () => {
  app = await startS3App();
  ({ s3, ctx, files } = app);
});
afterAll(() => app?.close());

async function deficiencyOf(context: TestContext) {
  const session = await context.signedIn();
  await grantPro(context.runtime.db, session.user.username);
  const property = await createProperty(context.runtime.db, session.user.id, { name: 'Harbor View' });
  const today = todayInTimeZone('UTC');
  const scheduled = (await session.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today, assignedTo: 'Kim Lee' })).json();
  const completed = await session.agent.put(`/api/inspections/${scheduled.id}`, {
    status: 'completed',
    complianceStatus: 'non_compliant',
    notes: 'One finding',
    deficiencies: [{ description: 'Pull station cover missing', severity: 'non_critical', location: 'Lobby' }],
  });
  expect(completed.statusCode).toBe(200);
  const [deficiency] = (await session.agent.get(`/api/properties/${property.id}/deficiencies`)).json() as { id: number }[];
  return { ...session, property, deficiencyId: deficiency!.id };
}

const upload = (agent: Agent, id: number, bytes: Buffer) =>
  agent.request({ method: 'POST', url: `/api/deficiencies/${id}/photos`, payload: bytes, headers: { 'content-type': 'image/jpeg' } });

describe('with files in an S3-compatible store', () => {
  it('stores an uploaded photo in the bucket and serves it to its owner only', async () => {
    const { agent, deficiencyId } = await deficiencyOf(ctx);
    const res = await upload(agent, deficiencyId, await noiseJpeg());
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    const { storage_key: key } = (await ctx.runtime.pool.query(`select storage_key from deficiency_photos where id = $1`, [photo.id])).rows[0];
    const stored = await files.photos.get(key);
    expect(stored).toBeDefined();

    const served = await agent.get(`/api/deficiencies/${deficiencyId}/photos/${photo.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored!)).toBe(true);

    const stranger = await ctx.signedIn();
    expect((await stranger.agent.get(`/api/deficiencies/${deficiencyId}/photos/${photo.id}`)).statusCode).toBe(404);

    expect((await agent.delete(`/api/deficiencies/${deficiencyId}/photos/${photo.id}`)).statusCode).toBe(200);
    expect(await files.photos.get(key)).toBeUndefined();
  });

  it('keeps a generated report in the bucket and downloads it as generated', async () => {
    const { agent, property } = await deficiencyOf(ctx);
    const report = await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(report.statusCode).toBe(201);
    const { storage_key: key, pdf_sha256: sha } = (await ctx.runtime.pool.query(`select storage_key, pdf_sha256 from reports where id = $1`, [report.json().id])).rows[0];
    const download = await agent.get(report.json().downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals((await files.reports.get(key))!)).toBe(true);
    expect(sha256(download.rawPayload)).toBe(sha);
  });
});

describe('when the store goes down', () => {
  let down: TestS3Server;
  let outage: TestContext;
  beforeAll(async () => {
    down = await startS3Server();
    outage = await createTestContext(down.env);
  });
  afterAll(async () => {
    await outage?.close();
    await down?.close();
  });

  const unavailable = { code: 'SERVICE_UNAVAILABLE', message: 'Firemark cannot reach its file storage right now. Nothing was saved; please try again in a moment.' };

  it('answers an upload cut off midway with 503 and Retry-After, and keeps no record of the photo', async () => {
    const { agent, deficiencyId, property } = await deficiencyOf(outage);
    const failedPuts = async () => (await storageErrors.get()).values.find((v) => v.labels.operation === 'put')?.value ?? 0;
    const putsBefore = await failedPuts();
    down.stopOnNextUpload();
    const res = await upload(agent, deficiencyId, await noiseJpeg(400, 300));
    expect(down.stopped).toBe(true);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(unavailable);
    // Counted for /metrics (firemark_storage_errors_total{operation="put"}).
    expect(await failedPuts()).toBe(putsBefore + 1);
    const rows = (await outage.runtime.pool.query(`select 1 from deficiency_photos where deficiency_id = $1`, [deficiencyId])).rows;
    expect(rows).toEqual([]);
    const deficiency = (await agent.get(`/api/deficiencies/${deficiencyId}`)).json();
    expect(deficiency.photos).toEqual([]);

    // A report needs the store too: the same answer, and no report row.
    const report = await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(report.statusCode).toBe(503);
    expect(report.headers['retry-after']).toBe('5');
    expect(report.json()).toEqual(unavailable);
    expect((await agent.get('/api/reports')).json()).toEqual([]);

    // What does not need the store still works.
    expect((await agent.get(`/api/properties/${property.id}`)).statusCode).toBe(200);
  });
});
