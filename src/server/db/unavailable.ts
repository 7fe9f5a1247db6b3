/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": the first is a 503 the client may retry, the second a 500.
 */

/** SQLSTATEs of a server that is shutting down, starting up or full (class 08 is checked apart). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What pg and pg-pool throw, without a code, when a connection is lost or cannot be had. */
const LOST_CONNECTION = /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed)/;

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && ((code.length === 5 && code.startsWith('08')) || UNAVAILABLE_SQLSTATES.has(code) || NETWORK_ERRNOS.has(code))) {
    return true;
  }
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; a failed connect to several addresses is an AggregateError.
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const next = pending.shift();
    if (typeof next !== 'object' || next === null) continue;
    if (isUnavailableItself(next)) return true;
    const { cause, errors } = next as { cause?: unknown; errors?: unknown };
    pending.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

/** SQLSTATE 53100: the database server's disk is full. Reads still work; writes fail until space is freed. */
export function isDatabaseDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '53100') return true;
  }
  return false;
}
