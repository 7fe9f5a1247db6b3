import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createProperty } from '../../db/seed/properties';
import { GPS_MARK, heicHeader, jpegWithGps, pngWithGps } from '../../testing/photos';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { deleteOrphanPhotos } from '../housekeeping/orphan-photos';
import { filesystemPhotoStore } from './photo-store';

const PHOTO_MAX_BYTES = 200 * 1024;
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-photos-'));
  ctx = await createTestContext({ DATA_DIR: dataDir, PHOTO_MAX_BYTES: String(PHOTO_MAX_BYTES) });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const today = () => todayInTimeZone('UTC');

async function failedInspection(deficiencies: Record<string, unknown>[] = [
  { description: 'Main control valve closed', severity: 'critical', location: 'Riser room B1', correctiveAction: 'Open and seal the valve', dueBy: today() },
  { description: 'Two heads painted over', severity: 'non_critical', location: '3rd floor corridor', correctiveAction: 'Replace the heads' },
]) {
  const session = await ctx.signedIn();
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  const scheduled = (await session.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Kim Lee' })).json();
  const completed = await session.agent.put(`/api/inspections/${scheduled.id}`, {
    status: 'completed',
    complianceStatus: 'non_compliant',
    notes: 'Two findings',
    deficiencies,
  });
  expect(completed.statusCode).toBe(200);
  const list = (await session.agent.get(`/api/properties/${property.id}/deficiencies`)).json();
  return { ...session, property, inspection: completed.json(), deficiencies: list as { id: number; severity: string; description: string }[] };
}

const itemStatus = async (agent: Agent, propertyId: number) => {
  const property = (await agent.get(`/api/properties/${propertyId}`)).json();
  return { property: property.status, item: property.complianceItems[0].status, open: property.openDeficiencies, critical: property.criticalDeficiencies };
};

const correct = (agent: Agent, id: number, body: Record<string, unknown> = {}) =>
  agent.post(`/api/deficiencies/${id}/correct`, { correctedOn: today(), correctedBy: 'Kim Lee', note: 'Done', ...body });

const upload = (agent: Agent, id: number, bytes: Buffer, type = 'image/jpeg') =>
  agent.request({ method: 'POST', url: `/api/deficiencies/${id}/photos`, payload: bytes, headers: { 'content-type': type } });

describe('deficiencies', () => {
  it('are opened by a non-compliant result, critical first, and keep the item non-compliant until every one is corrected', async () => {
    const { agent, property, inspection, deficiencies } = await failedInspection();
    expect(inspection).toMatchObject({ deficiencyCount: 2, openDeficiencyCount: 2 });
    expect(deficiencies).toMatchObject([
      { description: 'Main control valve closed', severity: 'critical', location: 'Riser room B1', correctiveAction: 'Open and seal the valve', dueBy: today(), correctedOn: null, foundOn: today() },
      { description: 'Two heads painted over', severity: 'non_critical', dueBy: null },
    ]);
    expect(await itemStatus(agent, property.id)).toEqual({ property: 'non_compliant', item: 'non_compliant', open: 2, critical: 1 });
    const listed = (await agent.get('/api/properties')).json();
    expect(listed.find((p: { id: number }) => p.id === property.id)).toMatchObject({ openDeficiencies: 2, criticalDeficiencies: 1 });
    expect((await agent.get('/api/deficiencies/open-summary')).json()).toMatchObject({ openCount: 2, criticalCount: 1, critical: [{ description: 'Main control valve closed' }] });

    const first = await correct(agent, deficiencies[0]!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ correctedOn: today(), correctedBy: 'Kim Lee', correctionNote: 'Done' });
    expect(await itemStatus(agent, property.id)).toEqual({ property: 'non_compliant', item: 'non_compliant', open: 1, critical: 0 });

    expect((await correct(agent, deficiencies[0]!.id)).statusCode).toBe(409);
    await correct(agent, deficiencies[1]!.id);
    expect(await itemStatus(agent, property.id)).toEqual({ property: 'compliant', item: 'compliant', open: 0, critical: 0 });
    expect((await agent.get(`/api/properties/${property.id}/deficiencies?status=open`)).json()).toEqual([]);
    expect((await agent.get(`/api/inspections/${inspection.id}/deficiencies`)).json()).toHaveLength(2);
  });

  it('no longer hold the item once a later inspection is compliant', async () => {
    const { agent, property, inspection } = await failedInspection([{ description: 'Panel in trouble', severity: 'impairment' }]);
    const next = inspection.nextDue.inspectionId as number;
    await agent.put(`/api/inspections/${next}`, { status: 'completed', complianceStatus: 'compliant', completedDate: today() });
    expect(await itemStatus(agent, property.id)).toMatchObject({ item: 'compliant', open: 1 });
  });

  it('belong to their account: another one gets 404 and cannot correct them', async () => {
    const { property, inspection, deficiencies } = await failedInspection();
    const other = await ctx.signedIn();
    expect((await other.agent.get(`/api/deficiencies/${deficiencies[0]!.id}`)).statusCode).toBe(404);
    expect((await correct(other.agent, deficiencies[0]!.id)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/properties/${property.id}/deficiencies`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/inspections/${inspection.id}/deficiencies`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/deficiencies/open-summary')).json()).toEqual({ openCount: 0, criticalCount: 0, critical: [] });
  });

  it('are refused with field messages when incomplete, with a compliant result, or corrected in the future', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const scheduled = (await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Kim' })).json();
    const bad = await agent.put(`/api/inspections/${scheduled.id}`, {
      status: 'completed',
      complianceStatus: 'non_compliant',
      notes: 'x',
      deficiencies: [{ description: '', severity: 'minor' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'deficiencies.0.description': ['Describe the deficiency'],
      'deficiencies.0.severity': ['Choose critical, impairment or non-critical'],
    });
    const compliant = await agent.put(`/api/inspections/${scheduled.id}`, { status: 'completed', complianceStatus: 'compliant', deficiencies: [{ description: 'x', severity: 'critical' }] });
    expect(compliant.json().fieldErrors).toEqual({ deficiencies: ['Deficiencies go with a non-compliant result'] });

    const { agent: owner, deficiencies } = await failedInspection();
    const future = await correct(owner, deficiencies[0]!.id, { correctedOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ correctedOn: ['The correction date cannot be in the future'] });
    const nameless = await correct(owner, deficiencies[0]!.id, { correctedBy: ' ' });
    expect(nameless.json().fieldErrors).toEqual({ correctedBy: ['Enter who corrected it'] });
  });
});

describe('deficiency photos', () => {
  const storedFiles = () =>
    readdirSync(path.join(dataDir, 'photos'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(path.join(e.parentPath, e.name)));

  it('keeps the orientation of a photo taken upright, and nothing else of its EXIF', async () => {
    const { agent, deficiencies } = await failedInspection();
    const photo = (await upload(agent, deficiencies[0]!.id, jpegWithGps(6))).json();
    const bytes = (await agent.get(photo.url)).rawPayload;
    expect(bytes.includes(GPS_MARK)).toBe(false);
    // One APP1 right where the camera's was: EXIF, big-endian TIFF, IFD0 with one entry,
    // Orientation (0x0112) SHORT = 6 ("rotate 90° clockwise to show"), and no further IFD.
    const exif = Buffer.from([
      0xff, 0xe1, 0x00, 0x22, ...Buffer.from('Exif\0\0', 'latin1'), 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
      0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    expect(bytes.indexOf(exif)).toBe(2 + 18);
    expect(bytes.indexOf(Buffer.from('Exif\0\0', 'latin1'), 2 + 18 + exif.length)).toBe(-1);
  });

  it('stores a JPEG without its EXIF, GPS or XMP, and serves it to its owner only', async () => {
    const { agent, deficiencies } = await failedInspection();
    const original = jpegWithGps();
    expect(original.includes(GPS_MARK)).toBe(true);
    const res = await upload(agent, deficiencies[0]!.id, original);
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ contentType: 'image/jpeg' });

    const served = await agent.get(photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const bytes = served.rawPayload;
    expect(bytes.includes(GPS_MARK)).toBe(false);
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from('http://ns.adobe.com/xap', 'latin1'))).toBe(false);
    // The picture itself is untouched: frame, scan and end marker as they were.
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.includes(Buffer.from([0xff, 0xc0]))).toBe(true);
    expect(bytes.subarray(-7)).toEqual(original.subarray(-7));
    // And nothing with the location reached the disk.
    expect(storedFiles().some((f) => f.includes(GPS_MARK))).toBe(false);
    expect(storedFiles().some((f) => f.equals(bytes))).toBe(true);

    expect((await agent.get(`/api/deficiencies/${deficiencies[0]!.id}`)).json().photos).toMatchObject([{ id: photo.id, url: photo.url }]);
    const other = await ctx.signedIn();
    expect((await other.agent.get(photo.url)).statusCode).toBe(404);
    expect((await other.agent.delete(photo.url)).statusCode).toBe(404);
    expect((await upload(other.agent, deficiencies[0]!.id, original)).statusCode).toBe(404);
    expect((await ctx.agent().get(photo.url)).statusCode).toBe(401);

    expect((await agent.delete(photo.url)).statusCode).toBe(200);
    expect((await agent.get(photo.url)).statusCode).toBe(404);
    expect(storedFiles().some((f) => f.equals(bytes))).toBe(false);
  });

  it('stores a PNG without its eXIf and text chunks', async () => {
    const { agent, deficiencies } = await failedInspection();
    const res = await upload(agent, deficiencies[0]!.id, pngWithGps(), 'image/png');
    expect(res.statusCode).toBe(201);
    const bytes = (await agent.get(res.json().url)).rawPayload;
    expect(bytes.includes(GPS_MARK)).toBe(false);
    expect(bytes.includes(Buffer.from('eXIf', 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from('IDAT', 'latin1'))).toBe(true);
  });

  it('refuses a photo over the size limit with 413 and a message saying what to do', async () => {
    const { agent, deficiencies } = await failedInspection();
    const big = Buffer.concat([jpegWithGps(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await upload(agent, deficiencies[0]!.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'This photo is larger than 0.2 MB. Choose a smaller photo or take it again at a lower resolution.' });
  });

  it('refuses a file that is not a JPEG or PNG by its bytes, whatever its content type says', async () => {
    const { agent, deficiencies } = await failedInspection();
    const id = deficiencies[0]!.id;
    const pdf = await upload(agent, id, Buffer.from('%PDF-1.7\n1 0 obj\n'), 'image/jpeg');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ message: 'This file is not a photo Firemark accepts. Choose a JPEG or PNG photo.', fieldErrors: { photo: [expect.any(String)] } });
    const heic = await upload(agent, id, heicHeader(), 'image/heic');
    expect(heic.statusCode).toBe(400);
    expect(heic.json().message).toMatch(/^HEIC photos are not accepted because their location data cannot be removed reliably/);
    const cut = await upload(agent, id, jpegWithGps().subarray(0, 40));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('This photo could not be read; it may be damaged. Take or choose it again.');
    const text = await upload(agent, id, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect((await agent.get(`/api/deficiencies/${id}`)).json().photos).toEqual([]);
  });

  it("are deleted from storage by the daily sweep once their property is deleted, and only then", async () => {
    const kept = await failedInspection();
    const gone = await failedInspection();
    const keptPhoto = (await upload(kept.agent, kept.deficiencies[0]!.id, jpegWithGps())).json();
    expect((await upload(gone.agent, gone.deficiencies[0]!.id, pngWithGps(), 'image/png')).statusCode).toBe(201);
    const filesBefore = storedFiles().length;
    expect((await gone.agent.delete(`/api/properties/${gone.property.id}`)).statusCode).toBe(200);

    const photos = filesystemPhotoStore(dataDir);
    // The same day: an upload in progress has its bytes before its row, so nothing young goes.
    expect(await deleteOrphanPhotos(ctx.runtime.db, photos, new Date())).toBe(0);
    expect(storedFiles()).toHaveLength(filesBefore);

    const nextDay = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await deleteOrphanPhotos(ctx.runtime.db, photos, nextDay)).toBe(1);
    expect(storedFiles()).toHaveLength(filesBefore - 1);
    const served = await kept.agent.get(keptPhoto.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });
});
