import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { newFileKey, type FileStore } from './file-store';
import { createFileStores, type FileStores } from './file-stores';
import { loadConfig } from '../config';
import { copyFiles } from './copy-files';

/**
 * One contract, both stores: what the app relies on from the disk under DATA_DIR and from an
 * S3-compatible object store (a real one, s3rver, started here).
 */
let dataDir: string;
let s3: TestS3Server;
const stores: Record<'disk' | 's3', FileStores> = {} as never;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-store-contract-'));
  s3 = await startS3Server();
  stores.disk = await createFileStores(loadConfig({ DATA_DIR: dataDir }));
  stores.s3 = await createFileStores(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
});
afterAll(async () => {
  stores.s3?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const keysOf = async (store: FileStore) => {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys.sort();
};
const readAll = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe.each(['disk', 's3'] as const)('the %s file store', (kind) => {
  it('gives back what was put, whole, as bytes and as a stream with its size', async () => {
    const { photos } = stores[kind];
    const key = newFileKey();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    await photos.put(key, bytes);
    expect((await photos.get(key))?.equals(bytes)).toBe(true);
    const streamed = await photos.stream(key);
    expect(streamed?.size).toBe(bytes.byteLength);
    expect((await readAll(streamed!.body)).equals(bytes)).toBe(true);
  });

  it('answers nothing for a key never stored, and replaces a file put again under its key', async () => {
    const { photos } = stores[kind];
    const key = newFileKey();
    expect(await photos.get(key)).toBeUndefined();
    expect(await photos.stream(key)).toBeUndefined();
    await photos.put(key, Buffer.from('first'));
    await photos.put(key, Buffer.from('second'));
    expect((await photos.get(key))?.toString()).toBe('second');
  });

  it('deletes a file, and deleting one that is not there is not an error', async () => {
    const { photos } = stores[kind];
    const key = newFileKey();
    await photos.put(key, Buffer.from('gone soon'));
    await photos.delete(key);
    expect(await photos.get(key)).toBeUndefined();
    await expect(photos.delete(key)).resolves.toBeUndefined();
    await expect(photos.delete(newFileKey())).resolves.toBeUndefined();
  });

  it('lists every stored key with when it was stored, photos and reports apart', async () => {
    const { photos, reports } = stores[kind];
    const before = Date.now() - 60_000;
    const photoKeys = [newFileKey(), newFileKey(), newFileKey()];
    const reportKey = newFileKey();
    for (const key of photoKeys) await photos.put(key, Buffer.from(key));
    await reports.put(reportKey, Buffer.from('%PDF-1.7'));
    const listed = new Map<string, Date>();
    for await (const { key, storedAt } of photos.list()) listed.set(key, storedAt);
    for (const key of photoKeys) {
      expect(listed.has(key)).toBe(true);
      expect(listed.get(key)!.getTime()).toBeGreaterThan(before);
    }
    expect(listed.has(reportKey)).toBe(false);
    expect(await keysOf(reports)).toContain(reportKey);
    expect(await photos.get(reportKey)).toBeUndefined();
  });

  it('refuses a key it did not make, so that no name reaches a path or another object', async () => {
    const { photos } = stores[kind];
    for (const bad of ['../session-secret', 'ABC', `${newFileKey()}/x`]) {
      await expect(photos.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid file key');
      await expect(photos.get(bad)).rejects.toThrow('Invalid file key');
    }
  });
});

describe('the S3 file store', () => {
  it('keeps objects under S3_PREFIX, photos and reports each under their own prefix', async () => {
    const key = newFileKey();
    await stores.s3.reports.put(key, Buffer.from('%PDF-1.7'));
    const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET, Prefix: 'firemark/' }));
    client.destroy();
    const names = (listed.Contents ?? []).map((o) => o.Key);
    expect(names).toContain(`firemark/reports/${key}`);
    expect(names.every((name) => /^firemark\/(photos|reports)\/[a-f0-9]{32}$/.test(name!))).toBe(true);
  });
});

describe('moving from the disk to an S3-compatible store', () => {
  it('copies every file under its key, checked, and a second run copies nothing', async () => {
    const keys = [newFileKey(), newFileKey()];
    for (const key of keys) await stores.disk.reports.put(key, Buffer.from(`%PDF ${key}`));
    const first = await copyFiles(stores.disk.reports, stores.s3.reports);
    expect(first.copied).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect((await stores.s3.reports.get(key))?.toString()).toBe(`%PDF ${key}`);
    const again = await copyFiles(stores.disk.reports, stores.s3.reports);
    expect(again).toEqual({ copied: 0, alreadyThere: first.copied + first.alreadyThere });
  });
});

describe('checking the S3 settings at start', () => {
  it('says nothing when the bucket answers, and names the variables to look at when it does not', async () => {
    expect(await stores.s3.problem()).toBeUndefined();
    expect(await stores.disk.problem()).toBeUndefined();
    const asked = async (env: Record<string, string>) => {
      const other = await createFileStores(loadConfig({ DATA_DIR: dataDir, ...s3.env, ...env }));
      try {
        return await other.problem();
      } finally {
        other.close();
      }
    };
    const noBucket = await createFileStores(loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    // A file read from a bucket that is not there is the store failing, not a file that is missing.
    await expect(noBucket.photos.get(newFileKey())).rejects.toThrow('The file store failed to read a file');
    noBucket.close();
    expect(await asked({ S3_BUCKET: 'no-such-bucket' })).toBe('The bucket "no-such-bucket" does not exist at the store (S3_BUCKET, S3_ENDPOINT, S3_REGION).');
    expect(await asked({ S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' })).toContain('The store refused the credentials for bucket "firemark-test" (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    const { unusedPort } = await import('../testing/unused-port');
    expect(await asked({ S3_ENDPOINT: `http://127.0.0.1:${await unusedPort()}` })).toMatch(/^The object store could not be reached \(.*\): check S3_ENDPOINT/);
  });
});
