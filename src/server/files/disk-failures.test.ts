import { describe, expect, it } from 'vitest';
import { FileStoreUnavailableError, onDisk } from './file-store';

const failing = (code: string) => async () => {
  throw Object.assign(new Error(`${code}: the disk said no`), { code });
};

/** A disk that is full, read-only, refused or failing answers as an object store out of reach does: 503 with Retry-After. */
describe('disk store failures', () => {
  it('are the store being unavailable for a full, read-only, refused or failing disk', async () => {
    for (const code of ['ENOSPC', 'EROFS', 'EACCES', 'EIO']) {
      const error = await onDisk('store a file', failing(code)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileStoreUnavailableError);
      expect((error as Error).message).toBe(`The file store failed to store a file: ${code}: the disk said no`);
    }
  });

  it('leave any other error as it was', async () => {
    const error = await onDisk('read a file', failing('EISDIR')).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(FileStoreUnavailableError);
    expect((error as { code: string }).code).toBe('EISDIR');
  });
});
