import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where stored files live: deficiency photos and report PDFs, on the disk (filesystemFileStore)
 * or in an S3-compatible object store (s3FileStore, s3-file-store.ts). Keys are opaque and made
 * by the store's caller with newFileKey(). A store that cannot be reached throws
 * FileStoreUnavailableError, which the app answers with 503 and Retry-After.
 */
export interface FileStore {
  /** Stores the whole file or nothing: a reader never sees part of it. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file as a stream with its size, for a download sent as it is read; undefined when nothing is stored. */
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with when it was stored, for the daily sweep of files whose record is gone. */
  list(): AsyncIterable<{ key: string; storedAt: Date }>;
}

/** The store could not be reached or refused the operation; nothing was stored or read. */
export class FileStoreUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`The file store failed to ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'FileStoreUnavailableError';
  }
}

export const KEY = /^[a-f0-9]{32}$/;

/** An unguessable key: never a user's file name, never a row id. */
export const newFileKey = () => randomBytes(16).toString('hex');

export function checkedKey(key: string): string {
  // Keys are made here; anything else must never reach a path.
  if (!KEY.test(key)) throw new Error('Invalid file key');
  return key;
}

/**
 * What a disk says when it cannot serve now (full, read-only, refused, failing): the same
 * 503 with Retry-After as an object store out of reach, not a 500.
 */
const DISK_UNAVAILABLE = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EIO', 'EROFS']);

export async function onDisk<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (DISK_UNAVAILABLE.has((error as NodeJS.ErrnoException).code ?? '')) throw new FileStoreUnavailableError(operation, error);
    throw error;
  }
}

/**
 * Files under DATA_DIR/<folder> (photos, and report PDFs under "reports"), in directories
 * by the key's first characters.
 */
export function filesystemFileStore(dataDir: string, folder: 'photos' | 'reports' = 'photos'): FileStore {
  const root = path.resolve(dataDir, folder);
  const fileOf = (key: string) => {
    const k = checkedKey(key);
    return path.join(root, k.slice(0, 2), k);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      // Written beside and renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      await onDisk('store a file', async () => {
        await mkdir(path.dirname(file), { recursive: true });
        try {
          await writeFile(partial, bytes, { mode: 0o600 });
          await rename(partial, file);
        } catch (error) {
          // A disk that filled up mid-write leaves no part behind.
          await rm(partial, { force: true }).catch(() => undefined);
          throw error;
        }
      });
    },
    async get(key) {
      const file = fileOf(key);
      return onDisk('read a file', async () => {
        try {
          return await readFile(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        }
      });
    },
    async stream(key) {
      const file = fileOf(key);
      return onDisk('read a file', async () => {
        try {
          // Opened before its size is read: a file removed meanwhile is still read whole.
          const handle = await open(file);
          const info = await handle.stat().catch(async (error: unknown) => {
            await handle.close();
            throw error;
          });
          return { body: handle.createReadStream(), size: info.size };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        }
      });
    },
    async delete(key) {
      const file = fileOf(key);
      await onDisk('delete a file', () => rm(file, { force: true }));
    },
    async *list() {
      const dirs = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      for (const dir of dirs) {
        const names = await readdir(path.join(root, dir)).catch(() => [] as string[]);
        for (const name of names) {
          // A `.partial` file is an upload under way or one cut off; only whole files are listed.
          if (!KEY.test(name)) continue;
          const info = await stat(path.join(root, dir, name)).catch(() => undefined);
          if (info) yield { key: name, storedAt: info.mtime };
        }
      }
    },
  };
}
