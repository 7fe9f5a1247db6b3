import { sha256 } from './sha256';
import type { FileStore } from './file-store';


export interface FileCopy {
  copied: number;
  /** Already in the target with the same bytes: a copy run again skips them. */
  alreadyThere: number;
}

/**
 * Copies every file of one store into another under the same key, each read back and compared
 * by SHA-256: how an install moves from the disk to an object store. Nothing is deleted from the
 * source; run it again after new uploads, it copies only what is missing or different.
 */
export async function copyFiles(from: FileStore, to: FileStore): Promise<FileCopy> {
  const result: FileCopy = { copied: 0, alreadyThere: 0 };
  for await (const { key } of from.list()) {
    const bytes = await from.get(key);
    if (!bytes) continue; // deleted meanwhile
    const there = await to.get(key);
    if (there && sha256(there) === sha256(bytes)) {
      result.alreadyThere++;
      continue;
    }
    await to.put(key, bytes);
    const copy = await to.get(key);
    if (!copy || sha256(copy) !== sha256(bytes)) throw new Error(`The copy of file ${key} differs from the original; nothing was deleted. Run the copy again.`);
    result.copied++;
  }
  return result;
}
