import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

/** FILE_STORE and the S3_ variables, read at start: each mistake is named with what to do. */
const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
};

const minio = { FILE_STORE: 's3', S3_BUCKET: 'firemark-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret' };

describe('file store configuration', () => {
  it('keeps files on the disk unless told otherwise', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'disk' });
    expect(loadConfig({ FILE_STORE: 'disk' }).fileStore).toEqual({ kind: 'disk' });
  });

  it('reads an S3-compatible store with its endpoint, path-style, keys and prefix', () => {
    expect(loadConfig({ ...minio, S3_PREFIX: 'production/firemark' }).fileStore).toEqual({
      kind: 's3',
      bucket: 'firemark-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      prefix: 'production/firemark/',
    });
  });

  it("takes AWS S3 with its region and the SDK's own credentials when no keys are set", () => {
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'firemark-files', S3_REGION: 'eu-west-1' }).fileStore).toEqual({
      kind: 's3',
      bucket: 'firemark-files',
      region: 'eu-west-1',
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('names each missing or bad variable and what it must be', () => {
    expect(problems({ FILE_STORE: 'minio' })).toContain('FILE_STORE: must be disk (files under DATA_DIR) or s3');
    const missing = problems({ FILE_STORE: 's3' });
    expect(missing).toContain('S3_BUCKET: is missing: FILE_STORE=s3 needs the name of the bucket');
    expect(missing).toContain("S3_REGION: is missing: on AWS S3 it is the bucket's region");
    expect(problems({ ...minio, S3_BUCKET: 'Firemark_Files' })).toContain('S3_BUCKET: must be a bucket name');
    expect(problems({ ...minio, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT: must be an http:// or https:// URL');
    expect(problems({ ...minio, S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE: must be true or false');
    expect(problems({ ...minio, S3_PREFIX: '../other' })).toContain('S3_PREFIX: must be a key prefix');
    expect(problems({ ...minio, S3_REGION: 'EU West' })).toContain('S3_REGION: must be a region name');
  });

  it('asks for both halves of an access key', () => {
    const { S3_SECRET_ACCESS_KEY: _, ...withoutSecret } = minio;
    expect(problems(withoutSecret)).toContain('S3_SECRET_ACCESS_KEY: is missing: it goes with S3_ACCESS_KEY_ID');
    const { S3_ACCESS_KEY_ID: __, ...withoutId } = minio;
    expect(problems(withoutId)).toContain('S3_ACCESS_KEY_ID: is missing: it goes with S3_SECRET_ACCESS_KEY');
  });

  it('refuses S3 settings beside files on the disk, naming each', () => {
    const message = problems({ S3_BUCKET: 'firemark-files', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(message).toContain('S3_BUCKET: is set, but FILE_STORE is disk');
    expect(message).toContain('S3_ENDPOINT: is set, but FILE_STORE is disk');
  });
});
