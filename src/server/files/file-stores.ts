import type { Config } from '../config';
import { filesystemFileStore, type FileStore } from './file-store';
import { connectS3, s3FileStore, s3Problem } from './s3-file-store';
import { storageErrors } from '../metrics';

export interface FileStores {
  /** Deficiency photos. */
  photos: FileStore;
  /** Report PDFs as generated. */
  reports: FileStore;
  /** Closes the store's connections (none on the disk). */
  close(): void;
  /** What is wrong with the store's settings, asked of the store itself; undefined when it answers (always on the disk). */
  problem(): Promise<string | undefined>;
}

/**
 * The stores FILE_STORE chose: folders under DATA_DIR, or prefixes in one S3 bucket. The AWS
 * SDK is loaded only for S3 (connectS3; it adds about 200 ms to a start).
 */
export async function createFileStores(config: Pick<Config, 'dataDir' | 'fileStore'>): Promise<FileStores> {
  const settings = config.fileStore;
  if (settings.kind === 'disk') {
    return {
      photos: counted(filesystemFileStore(config.dataDir, 'photos')),
      reports: counted(filesystemFileStore(config.dataDir, 'reports')),
      close: () => undefined,
      problem: async () => undefined,
    };
  }
  const s3 = await connectS3(settings);
  return {
    photos: counted(s3FileStore(s3, settings, 'photos')),
    reports: counted(s3FileStore(s3, settings, 'reports')),
    close: () => s3.client.destroy(),
    problem: () => s3Problem(s3, settings),
  };
}

/** Every failed operation counted in firemark_storage_errors_total by operation (/metrics); "not there" is not a failure. */
function counted(store: FileStore): FileStore {
  const count =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        storageErrors.inc({ operation });
        throw error;
      }
    };
  return {
    put: count('put', (key: string, bytes: Buffer) => store.put(key, bytes)),
    get: count('get', (key: string) => store.get(key)),
    stream: count('get', (key: string) => store.stream(key)),
    delete: count('delete', (key: string) => store.delete(key)),
    async *list() {
      try {
        yield* store.list();
      } catch (error) {
        storageErrors.inc({ operation: 'list' });
        throw error;
      }
    },
  };
}
