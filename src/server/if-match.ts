import type { FastifyRequest } from 'fastify';
import { validationFailed } from './errors';

/**
 * `If-Match: <updatedAt>` on an edit (docs/offline.md, "On the server"): the record's `updatedAt`
 * as the copy kept on a device had it, the ISO time its GET answered. Read as epoch
 * milliseconds, the precision the answers give. Quotes (as an ETag is written) are allowed.
 */
export function ifMatchOf(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const text = (Array.isArray(header) ? header.join(',') : header).trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
  const at = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) {
    throw validationFailed({ 'If-Match': ['Send the record’s updatedAt as its GET answered it, such as 2026-03-01T14:05:09.123Z'] }, 'The If-Match header is not a time.');
  }
  return at;
}
