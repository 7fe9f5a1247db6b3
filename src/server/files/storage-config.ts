import { z } from 'zod';

/** Where photos and report PDFs are kept, chosen once at start (docs/decisions/035-object-storage.md). */
export type FileStoreSettings =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Another S3-compatible service (MinIO, R2, B2, Ceph); AWS's own endpoints when unset. */
      endpoint?: string;
      forcePathStyle: boolean;
      /** Unset: the SDK's default chain (AWS_ variables, shared config files, an instance or task role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Put before every object key, "" or ending in "/", so that one bucket can hold other things too. */
      prefix: string;
    };

const S3_ONLY = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

/** S3's rules for a bucket name (3 to 63 lowercase letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The variables that choose and configure the file store, merged into the environment schema. */
export const storageEnvShape = {
  FILE_STORE: z.enum(['disk', 's3'], { error: 'must be disk (files under DATA_DIR) or s3 (an S3-compatible object store)' }).default('disk'),
  S3_BUCKET: z.string().trim().regex(BUCKET, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, e.g. firemark-files').optional(),
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (auto for Cloudflare R2)').optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. https://s3.eu-central-003.backblazeb2.com or http://127.0.0.1:9000 for MinIO' })
    .optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_PREFIX: z
    .string()
    .trim()
    // Segments of "." or ".." are refused too: some stores and tools read them as paths.
    .regex(/^(?!\.{1,2}(\/|$))(?!.*\/\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'must be a key prefix of letters, digits, ".", "_", "-" and "/", e.g. firemark/ or production/firemark')
    .optional(),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnvShape>>;

/** S3 needs a bucket; the two halves of a key go together; S3 settings beside FILE_STORE=disk are a mistake worth naming. */
export function checkStorageEnv(env: StorageEnv, ctx: z.RefinementCtx): void {
  if (env.FILE_STORE === 'disk') {
    for (const name of S3_ONLY) {
      if (env[name] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is set, but FILE_STORE is disk (files under DATA_DIR). Set FILE_STORE=s3 to keep files in object storage, or unset it.' });
      }
    }
    return;
  }
  if (!env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is missing: FILE_STORE=s3 needs the name of the bucket that holds the files (a private bucket, made beforehand).' });
  }
  if (!env.S3_REGION && !env.S3_ENDPOINT) {
    ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: "is missing: on AWS S3 it is the bucket's region, e.g. eu-west-1 (with S3_ENDPOINT set it defaults to us-east-1, which most other stores accept)." });
  }
  const pair = [
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'],
  ] as const;
  for (const [set, missing] of pair) {
    if (env[set] !== undefined && env[missing] === undefined) {
      ctx.addIssue({ code: 'custom', path: [missing], message: `is missing: it goes with ${set}. Set both, or neither to use the AWS SDK's own credentials (AWS_ACCESS_KEY_ID, a profile or an instance role).` });
    }
  }
}

/**
 * The web and worker roles are for several processes sharing one database: each would keep
 * files on its own disk, so one process would move or look for bytes another cannot read (a
 * worker moving report PDFs to its disk, a web process answering 404 for them). Those roles
 * need the shared object store; one process (PROCESS_ROLE=all) keeps the disk.
 */
export function checkRoleStorage(env: StorageEnv & { PROCESS_ROLE: string }, ctx: z.RefinementCtx): void {
  if (env.FILE_STORE !== 'disk' || (env.PROCESS_ROLE !== 'web' && env.PROCESS_ROLE !== 'worker')) return;
  ctx.addIssue({
    code: 'custom',
    path: ['FILE_STORE'],
    message: `is disk, but PROCESS_ROLE=${env.PROCESS_ROLE} shares the database with other processes, which could not read this one's DATA_DIR. Set FILE_STORE=s3 (and the S3_ variables) on every process, or run one process with PROCESS_ROLE=all. See docs/deploy.md.`,
  });
}

export function storageSettings(env: StorageEnv): FileStoreSettings {
  if (env.FILE_STORE === 'disk') return { kind: 'disk' };
  const prefix = env.S3_PREFIX ? env.S3_PREFIX.replace(/\/?$/, '/') : '';
  const forcePathStyle = env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'yes';
  return {
    kind: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION ?? 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT.replace(/\/$/, '') } : {}),
    forcePathStyle,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    prefix,
  };
}
