import type { Config } from '../config';
import { filesystemFileStore, type FileStore } from './file-store';
import { connectS3, s3FileStore, s3Problem } from './s3-file-store';

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
    return { photos: filesystemFileStore(config.dataDir, 'photos'), reports: filesystemFileStore(config.dataDir, 'reports'), close: () => undefined, problem: async () => undefined };
  }
  const s3 = await connectS3(settings);
  return {
    photos: s3FileStore(s3, settings, 'photos'),
    reports: s3FileStore(s3, settings, 'reports'),
    close: () => s3.client.destroy(),
    problem: () => s3Problem(s3, settings),
  };
}
