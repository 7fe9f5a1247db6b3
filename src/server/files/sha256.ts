import { createHash } from 'node:crypto';

/** A file's SHA-256 as hex: how a copy is proven to be the same bytes. */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
