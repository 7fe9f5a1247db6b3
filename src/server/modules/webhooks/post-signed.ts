import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RefusedAddressError, resolvePublic, type WebhookNetwork } from './address-check';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept, to say why it refused. */
const BODY_PREFIX = 200;

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, for the owner; never a secret. */
  error: string | null;
}

/**
 * POSTs the body to the checked address only: the socket's lookup answers with the address
 * resolvePublic checked, so DNS is asked once. Redirects are not followed (a 3xx is a failure).
 */
export async function postSigned(target: string, body: string, headers: Record<string, string>, network: WebhookNetwork = {}): Promise<PostResult> {
  const url = new URL(target);
  let resolved;
  try {
    resolved = await resolvePublic(url, network);
  } catch (error) {
    if (error instanceof RefusedAddressError) return { ok: false, statusCode: null, error: `Refused: ${error.message}` };
    throw error;
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { 'content-type': 'application/json', 'user-agent': 'Firemark-Webhooks/1', ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let prefix = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (prefix.length < BODY_PREFIX) prefix += chunk.slice(0, BODY_PREFIX - prefix.length);
          else response.destroy();
        });
        const done = () => {
          const ok = status >= 200 && status < 300;
          const why = status >= 300 && status < 400 ? 'redirects are not followed' : prefix.trim();
          resolve({ ok, statusCode: status, error: ok ? null : `HTTP ${status}${why ? `: ${why}` : ''}` });
        };
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.name === 'TimeoutError' || error.name === 'AbortError' ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : error.code ?? error.message;
      resolve({ ok: false, statusCode: null, error: `Could not connect: ${reason}` });
    });
    request.end(body);
  });
}
