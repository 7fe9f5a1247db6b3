import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { JsonBytes } from '../route-schema';

/** Bodies below this many bytes gain less from compression than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** In the order they are preferred when a client accepts both. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

// Quality 4 keeps brotli near gzip's speed; the costly quality 11 is spent once, at build.
const brotliOptions = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Answers up to this size are compressed in one call on the event loop (about 0.3 ms for a
 * 50 KB page of a list) instead of through a zlib stream on libuv's threadpool. The plugin's
 * default for a two-core machine is 8 KB, which sent every list page through a stream: a
 * browser's request for a properties page then cost 1.9 ms of server time against 0.1 ms
 * uncompressed (docs/performance.md). Larger answers still stream, so the loop is never held long.
 */
const SYNC_THRESHOLD_BYTES = 64 * 1024;

/**
 * Compresses JSON and other text answers over 1 KB (brotli or gzip, as the client accepts).
 * Built client files carry their own precompressed copies (plugins/client-assets.ts) and
 * remembered list pages theirs (sendJsonBytes); both leave here already encoded, so they are
 * never compressed twice. PDFs are not a compressible type, so downloads pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_THRESHOLD_BYTES,
    brotliOptions,
    // Request bodies stay as they are: the JSON body limits (plugins/json-body.ts) count the
    // bytes a client sends, and a compressed body could expand far past them.
    globalDecompression: false,
  });
}

const encode: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, brotliOptions),
  gzip: (body) => gzipSync(body),
};

/** The encoding the compression plugin would choose for this request, or null for none. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  // As the plugin reads it: "*" and "x-gzip" stand for gzip.
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]) as Encoding | null;
}

/** Compressed copies of remembered answers, made once per encoding and dropped with the answer. */
const copies = new WeakMap<object, Partial<Record<Encoding, Buffer>>>();

/**
 * Sends JSON already written, held in `answer` (a remembered page of a list, account-cache.ts).
 * A page is often read many times between two writes, so its compressed copy is made on the
 * first read that asks for that encoding and sent as it is after that. The copies live as
 * long as `answer` does: for a remembered page, until the cache drops it.
 */
export function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, answer: { json: JsonBytes<unknown> }): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = answer.json.length >= COMPRESSION_THRESHOLD_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(answer.json);
  let encoded = copies.get(answer);
  if (!encoded) copies.set(answer, (encoded = {}));
  const body = (encoded[encoding] ??= encode[encoding](answer.json));
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
}
