import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Bodies below this many bytes gain less from compression than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON and other text answers over 1 KB on the fly (brotli or gzip, as the client
 * accepts). Built client files carry their own precompressed copies (plugins/client-assets.ts)
 * and leave here already encoded, so they are never compressed twice; PDFs are not a
 * compressible type, so downloads pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Quality 4 keeps brotli near gzip's speed; the costly quality 11 is spent once, at build.
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay as they are: the JSON body limits (plugins/json-body.ts) count the
    // bytes a client sends, and a compressed body could expand far past them.
    globalDecompression: false,
  });
}
