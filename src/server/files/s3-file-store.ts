import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkedKey, FileStoreUnavailableError, KEY, type FileStore } from './file-store';
import type { FileStoreSettings } from './storage-config';

type S3Settings = Extract<FileStoreSettings, { kind: 's3' }>;
type Sdk = typeof import('@aws-sdk/client-s3');

/** The SDK and one client for every folder of an instance. */
export interface S3Connection {
  sdk: Sdk;
  client: S3Client;
}

/** Waits for a connection to the store, and for an answer, before the call counts as failed. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** Tries per call (the first and two retries, with the SDK's backoff) before the store counts as down. */
const MAX_ATTEMPTS = 3;

/**
 * The SDK is imported here, when FILE_STORE=s3, and not by a static import: the server bundle
 * would load it at every start otherwise (about 200 ms) even on the disk. Checksums are sent
 * and checked only where S3 requires them: several S3-compatible stores refuse or ignore the
 * newer default ones, and the report move checks each copy's SHA-256 itself (report-files.ts).
 */
export async function connectS3(settings: S3Settings): Promise<S3Connection> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: MAX_ATTEMPTS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
  });
  return { sdk, client };
}

/** No object under the key; a missing bucket (also a 404) is a store that is set up wrong, not a missing file. */
const isMissing = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

/**
 * Files as objects under `<S3_PREFIX><folder>/<key>` in one private bucket: no ACL is ever
 * set, so they are as private as the bucket, and every download goes through the app's
 * ownership check. S3 stores an object whole or not at all, so a put cut off midway leaves
 * nothing to read.
 */
export function s3FileStore({ sdk, client }: S3Connection, settings: S3Settings, folder: 'photos' | 'reports'): FileStore {
  const Bucket = settings.bucket;
  const base = `${settings.prefix}${folder}/`;
  const objectKey = (key: string) => `${base}${checkedKey(key)}`;
  const failed = (operation: string) => (error: unknown): never => {
    throw new FileStoreUnavailableError(operation, error);
  };
  return {
    async put(key, bytes) {
      await client
        .send(new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/octet-stream' }))
        .catch(failed('store a file'));
    },
    async get(key) {
      const object = await this.stream(key);
      if (!object) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of object.body) chunks.push(chunk as Buffer);
      } catch (error) {
        failed('read a file')(error);
      }
      return Buffer.concat(chunks);
    },
    async stream(key) {
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(sdk, error)) return undefined;
        return failed('read a file')(error);
      }
    },
    async delete(key) {
      // Deleting an object that is not there succeeds in S3, as the interface asks.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch(failed('delete a file'));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: base, ContinuationToken })).catch(failed('list files'));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(base.length);
          // Anything else under the prefix is not ours to sweep.
          if (key && KEY.test(key) && object.LastModified) yield { key, storedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/**
 * What is wrong with the S3 settings, found by asking the store once at start; undefined when
 * the bucket answers. Said in the log with the variables to look at: a typo in a bucket name or
 * a key would otherwise show only at the first upload. A store that is down is not a reason to
 * refuse to start (everything but files still works), so this only informs.
 */
export async function s3Problem({ sdk, client }: S3Connection, settings: S3Settings): Promise<string | undefined> {
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: settings.bucket }));
    return undefined;
  } catch (error) {
    const status = error instanceof sdk.S3ServiceException ? error.$metadata?.httpStatusCode : undefined;
    const name = error instanceof Error ? error.name : String(error);
    if (status === 404 || name === 'NoSuchBucket') return `The bucket "${settings.bucket}" does not exist at the store (S3_BUCKET, S3_ENDPOINT, S3_REGION).`;
    if (status === 403 || status === 401) return `The store refused the credentials for bucket "${settings.bucket}" (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or the AWS SDK's own; the key needs read, write, delete and list on the bucket).`;
    if (status === 301 || status === 400) return `The store answered ${status} for bucket "${settings.bucket}": check S3_REGION (the bucket's region) and S3_FORCE_PATH_STYLE.`;
    return `The object store could not be reached (${error instanceof Error ? error.message : name}): check S3_ENDPOINT, or the network. Uploads and downloads answer 503 until it answers.`;
  }
}
