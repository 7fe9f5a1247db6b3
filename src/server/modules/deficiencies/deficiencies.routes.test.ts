import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import {
  APP12_MARK,
  cmykJpeg,
  COMMENT_MARK,
  corruptPng,
  GPS_MARK,
  heicHeader,
  jpegWithGps,
  multiPictureJpeg,
  pixelBombPng,
  png16,
  pngWithGps,
  pngWithPrivateChunks,
  PRIVATE_MARK,
  solidJpeg,
  truncatedJpeg,
} from '../../testing/photos';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { deleteOrphanFiles } from '../housekeeping/orphan-files';
import { grantPro } from '../subscription/subscription.service';
import { PHOTO_LONG_SIDE } from './photo-encode';
import { reencodeStoredPhotos } from './photo-reencode';
import { filesystemFileStore, newFileKey } from '../../files/file-store';

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
    // The last one of a fire alarm schedules its re-test (NFPA 72 reacceptance testing); it passes.
    const last = (await correct(agent, deficiencies[1]!.id)).json();
    expect(first.json().retest).toBeNull();
    expect(last.retest).toMatchObject({ retestOfId: inspection.id, dueDate: today() });
    expect(await itemStatus(agent, property.id)).toEqual({ property: 'non_compliant', item: 'non_compliant', open: 0, critical: 0 });
    await agent.put(`/api/inspections/${last.retest.inspectionId}`, { status: 'completed', complianceStatus: 'compliant', completedDate: today() });
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
  const storedCount = () => (existsSync(path.join(dataDir, 'photos')) ? storedFiles().length : 0);
  const EXIF = Buffer.from('Exif\0\0', 'latin1');

  /** Uploads and answers the stored bytes as served, with what the image codec reads in them. */
  async function stored(bytes: Buffer, type = 'image/jpeg') {
    const { agent, deficiencies } = await failedInspection();
    const res = await upload(agent, deficiencies[0]!.id, bytes, type);
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    const served = await agent.get(photo.url);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    return { agent, deficiencies, photo, served, bytes: served.rawPayload, meta };
  }

  /** Refused with 400 and this message, and nothing is stored or listed. */
  async function refused(bytes: Buffer, message: string, type = 'image/png') {
    const { agent, deficiencies } = await failedInspection();
    const before = storedCount();
    const res = await upload(agent, deficiencies[0]!.id, bytes, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message, fieldErrors: { photo: [message] } });
    expect(storedCount()).toBe(before);
    expect((await agent.get(`/api/deficiencies/${deficiencies[0]!.id}`)).json().photos).toEqual([]);
  }

  const DAMAGED = 'This photo could not be read. It may be damaged or not a JPEG or PNG image. Take the photo again or choose another file.';

  it('refuses a PNG whose image data does not decode (it would crash the report), and stores nothing', async () => {
    const png = corruptPng();
    expect(png.length).toBe(85);
    await refused(png, DAMAGED);
  });

  it('refuses a pixel bomb (a 50 KB PNG declaring 20000 x 20000 pixels) before decoding it', async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    await refused(bomb, 'This photo is too large to process (over 50 megapixels). Choose a smaller photo or take it again at a lower resolution.');
  });

  it('refuses a JPEG cut off in its image data', async () => {
    await refused(await truncatedJpeg(), DAMAGED, 'image/jpeg');
  });

  it('stores a CMYK JPEG as an 8-bit sRGB JPEG', async () => {
    expect((await sharp(await cmykJpeg()).metadata()).space).toBe('cmyk');
    const { photo, meta, served } = await stored(await cmykJpeg());
    expect(photo).toMatchObject({ contentType: 'image/jpeg', byteSize: served.rawPayload.length, quarantined: false });
    expect(meta).toMatchObject({ format: 'jpeg', space: 'srgb', depth: 'uchar', channels: 3 });
  });

  it('stores a 16-bit PNG as an 8-bit PNG', async () => {
    expect((await sharp(await png16()).metadata()).depth).toBe('ushort');
    const { photo, meta } = await stored(await png16(), 'image/png');
    expect(photo.contentType).toBe('image/png');
    expect(meta).toMatchObject({ format: 'png', space: 'srgb', depth: 'uchar' });
  });

  it('keeps nothing of a multi-picture JPEG but its first picture: no second image with its GPS, no comment, APP12 or EXIF, in the photo or the report', async () => {
    const original = await multiPictureJpeg();
    for (const mark of [GPS_MARK, COMMENT_MARK, APP12_MARK, Buffer.from('MPF\0', 'latin1')]) expect(original.includes(mark)).toBe(true);
    const { agent, user, property, deficiencies } = await failedInspection();
    const res = await upload(agent, deficiencies[0]!.id, original);
    expect(res.statusCode).toBe(201);
    const bytes = (await agent.get(res.json().url)).rawPayload;
    for (const mark of [GPS_MARK, COMMENT_MARK, APP12_MARK, EXIF, Buffer.from('MPF\0', 'latin1')]) expect(bytes.includes(mark)).toBe(false);
    // One image: a single end marker, at the end.
    expect(bytes.indexOf(Buffer.from([0xff, 0xd9]))).toBe(bytes.length - 2);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ width: 60, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.comments).toBeUndefined();
    expect(storedFiles().some((f) => f.includes(GPS_MARK))).toBe(false);

    await grantPro(ctx.runtime.db, user.username);
    const report = await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(report.statusCode).toBe(201);
    const pdf = (await agent.get(report.json().downloadUrl)).rawPayload;
    expect(pdf.includes(Buffer.from('/Subtype /Image', 'latin1'))).toBe(true);
    expect(pdf.includes(GPS_MARK)).toBe(false);
    expect(pdf.includes(EXIF)).toBe(false);
  });

  it('stores a PNG without its private chunk, text chunks or eXIf', async () => {
    for (const [png, marks] of [
      [pngWithPrivateChunks(), [PRIVATE_MARK, COMMENT_MARK, Buffer.from('prVt'), Buffer.from('tEXt')]],
      [pngWithGps(), [GPS_MARK, Buffer.from('eXIf'), Buffer.from('tEXt')]],
    ] as const) {
      for (const mark of marks) expect(png.includes(mark)).toBe(true);
      const { bytes, meta } = await stored(png, 'image/png');
      for (const mark of marks) expect(bytes.includes(mark)).toBe(false);
      expect(meta).toMatchObject({ format: 'png', width: 2, height: 2 });
      expect(meta.exif).toBeUndefined();
    }
  });

  it(`stores a large photo with its long side at most ${PHOTO_LONG_SIDE} pixels`, async () => {
    const { meta, photo } = await stored(await solidJpeg(6000, 4000));
    expect(meta).toMatchObject({ width: PHOTO_LONG_SIDE, height: Math.round((PHOTO_LONG_SIDE * 4000) / 6000) });
    expect(photo.contentType).toBe('image/jpeg');
  });

  it('turns a photo taken upright (EXIF orientation 6) into upright pixels, and keeps no EXIF', async () => {
    const original = await jpegWithGps(6, { width: 60, height: 40 });
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const { bytes, meta } = await stored(original);
    expect(meta).toMatchObject({ width: 40, height: 60 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(GPS_MARK)).toBe(false);
    expect(bytes.includes(EXIF)).toBe(false);
  });

  it('stores a JPEG without its EXIF, GPS or XMP, and serves it to its owner only', async () => {
    const original = await jpegWithGps();
    expect(original.includes(GPS_MARK)).toBe(true);
    const { agent, deficiencies, photo, served, bytes, meta } = await stored(original);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', byteSize: bytes.length, quarantined: false });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(bytes.includes(GPS_MARK)).toBe(false);
    expect(bytes.includes(EXIF)).toBe(false);
    expect(bytes.includes(Buffer.from('http://ns.adobe.com/xap', 'latin1'))).toBe(false);
    expect(meta).toMatchObject({ format: 'jpeg', width: 60, height: 40 });
    expect(meta.xmp).toBeUndefined();
    // And nothing with the location reached the disk.
    expect(storedFiles().some((f) => f.includes(GPS_MARK))).toBe(false);
    // Re-encoding is deterministic: other tests' uploads of the same photo are stored alike.
    const copies = () => storedFiles().filter((f) => f.equals(bytes)).length;
    const copiesBefore = copies();
    expect(copiesBefore).toBeGreaterThan(0);

    expect((await agent.get(`/api/deficiencies/${deficiencies[0]!.id}`)).json().photos).toMatchObject([{ id: photo.id, url: photo.url, quarantined: false }]);
    const other = await ctx.signedIn();
    expect((await other.agent.get(photo.url)).statusCode).toBe(404);
    expect((await other.agent.delete(photo.url)).statusCode).toBe(404);
    expect((await upload(other.agent, deficiencies[0]!.id, original)).statusCode).toBe(404);
    expect((await ctx.agent().get(photo.url)).statusCode).toBe(401);

    expect((await agent.delete(photo.url)).statusCode).toBe(200);
    expect((await agent.get(photo.url)).statusCode).toBe(404);
    expect(copies()).toBe(copiesBefore - 1);
  });

  it('refuses a photo over the size limit with 413 and a message saying what to do', async () => {
    const { agent, deficiencies } = await failedInspection();
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(PHOTO_MAX_BYTES)]);
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
    const cut = await upload(agent, id, (await jpegWithGps()).subarray(0, 40));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(DAMAGED);
    const text = await upload(agent, id, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect((await agent.get(`/api/deficiencies/${id}`)).json().photos).toEqual([]);
  });

  it('leaves an old photo the store does not have for a later run, and re-encodes it once its file is there', async () => {
    const { user, deficiencies } = await failedInspection();
    const photos = filesystemFileStore(dataDir);
    const key = newFileKey();
    const { rows } = await ctx.runtime.pool.query<{ id: number }>(
      'insert into deficiency_photos (organization_id, deficiency_id, storage_key, content_type, byte_size) values ($1, $2, $3, $4, $5) returning id',
      [user.id, deficiencies[0]!.id, key, 'image/jpeg', 100],
    );
    const state = async () => (await ctx.runtime.pool.query('select reencoded_at, quarantined_at from deficiency_photos where id = $1', [rows[0]!.id])).rows[0];

    expect((await reencodeStoredPhotos({ db: ctx.runtime.db, photos }, 1)).missing).toBeGreaterThanOrEqual(1);
    expect(await state()).toEqual({ reencoded_at: null, quarantined_at: null });

    // The file turns up (the store set up rightly again): the next run re-encodes it.
    await photos.put(key, await jpegWithGps(6));
    await reencodeStoredPhotos({ db: ctx.runtime.db, photos }, 1);
    expect(await state()).toMatchObject({ reencoded_at: expect.any(Date), quarantined_at: null });
  });

  it('re-encodes photos stored before uploads were, and quarantines one that does not decode: not served, left out of the report', async () => {
    const { agent, user, property, deficiencies } = await failedInspection();
    const photos = filesystemFileStore(dataDir);
    // Rows as the old upload left them: its bytes as they came (the metadata-stripping kept
    // the image data as it was), reencoded_at null.
    const legacy = async (bytes: Buffer, contentType: string) => {
      const key = newFileKey();
      await photos.put(key, bytes);
      const row = await ctx.runtime.pool.query<{ id: number }>(
        'insert into deficiency_photos (organization_id, deficiency_id, storage_key, content_type, byte_size) values ($1, $2, $3, $4, $5) returning id',
        [user.id, deficiencies[0]!.id, key, contentType, bytes.length],
      );
      return { id: row.rows[0]!.id, key, url: `/api/deficiencies/${deficiencies[0]!.id}/photos/${row.rows[0]!.id}` };
    };
    const broken = await legacy(corruptPng(), 'image/png');
    const kept = await legacy(await jpegWithGps(6), 'image/jpeg');
    const state = async (id: number) =>
      (await ctx.runtime.pool.query('select reencoded_at, quarantined_at, quarantine_reason, byte_size from deficiency_photos where id = $1', [id])).rows[0];

    const result = await reencodeStoredPhotos({ db: ctx.runtime.db, photos }, 1);
    expect(result.reencoded).toBeGreaterThanOrEqual(1);
    expect(result.quarantined).toBeGreaterThanOrEqual(1);

    expect(await state(broken.id)).toMatchObject({ reencoded_at: null, quarantined_at: expect.any(Date), quarantine_reason: expect.stringMatching(/^damaged: /) });
    // Kept as it was, never served.
    expect((await photos.get(broken.key))?.equals(corruptPng())).toBe(true);
    const refusedGet = await agent.get(broken.url);
    expect(refusedGet.statusCode).toBe(404);
    expect(refusedGet.json().message).toBe('This photo could not be checked and is left out of reports.');

    const reencoded = await state(kept.id);
    expect(reencoded).toMatchObject({ reencoded_at: expect.any(Date), quarantined_at: null });
    const bytes = (await agent.get(kept.url)).rawPayload;
    expect(reencoded.byte_size).toBe(bytes.length);
    expect(bytes.includes(GPS_MARK)).toBe(false);
    expect(bytes.includes(EXIF)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 40, height: 60 });

    const listed = (await agent.get(`/api/deficiencies/${deficiencies[0]!.id}`)).json().photos;
    expect(listed).toMatchObject([
      { id: broken.id, quarantined: true },
      { id: kept.id, quarantined: false },
    ]);

    // Nothing is left to do, and a second run changes nothing.
    expect(await reencodeStoredPhotos({ db: ctx.runtime.db, photos })).toEqual({ reencoded: 0, quarantined: 0, missing: 0 });

    await grantPro(ctx.runtime.db, user.username);
    const report = await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
    expect(report.statusCode).toBe(201);
    const pdf = await agent.get(report.json().downloadUrl);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).join(' ')).not.toContain('Photo not printable');
    // The re-encoded photo is printed, the quarantined one left out.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(1);
    // The server is still answering.
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
  });

  it("are deleted from storage by the daily sweep once their property is deleted, and only then", async () => {
    const kept = await failedInspection();
    const gone = await failedInspection();
    const keptPhoto = (await upload(kept.agent, kept.deficiencies[0]!.id, await jpegWithGps())).json();
    expect((await upload(gone.agent, gone.deficiencies[0]!.id, pngWithGps(), 'image/png')).statusCode).toBe(201);
    const filesBefore = storedFiles().length;
    expect((await gone.agent.delete(`/api/properties/${gone.property.id}`)).statusCode).toBe(200);

    const photos = filesystemFileStore(dataDir);
    // The same day: an upload in progress has its bytes before its row, so nothing young goes.
    expect(await deleteOrphanFiles(ctx.runtime.db, photos, new Date())).toBe(0);
    expect(storedFiles()).toHaveLength(filesBefore);

    const nextDay = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await deleteOrphanFiles(ctx.runtime.db, photos, nextDay)).toBe(1);
    expect(storedFiles()).toHaveLength(filesBefore - 1);
    const served = await kept.agent.get(keptPhoto.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });
});
