import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { ERROR_CODES, type ApiErrorBody } from '@shared/api-error';
import { idempotentRequests, KEY_REUSED_MESSAGE, type IdempotentRequest } from '../db/idempotency';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Visible ASCII, as the header's draft standard and Stripe's keys use; a UUID fits. */
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotent: IdempotentRequest | null;
  }
  interface FastifyContextConfig {
    /** The route is a create that takes an Idempotency-Key (routes opt in with `config: idempotent`). */
    idempotent?: boolean;
  }
}

/**
 * A create's route options opt in with this. Only creates do: an answer that holds a secret
 * shown once (a new API token, a webhook's signing secret) must not be kept, and sign-in or
 * sign-out replayed from a record would not set or clear a cookie.
 */
export const idempotent = { idempotent: true } as const;

const bodyHash = (body: unknown) =>
  createHash('sha256')
    .update(Buffer.isBuffer(body) ? body : JSON.stringify(body ?? null))
    .digest('hex');

const refuse = (reply: FastifyReply, status: number, body: ApiErrorBody) => reply.status(status).send(body);

/**
 * `Idempotency-Key` on a signed-in create (docs/api.md, "Retrying safely"): the first request
 * with a key is carried out and its answer kept for a day; the same key with the same body
 * gets that answer again (with `Idempotent-Replayed: true`) instead of a second record. The
 * key's row commits with the request's own transaction (db/idempotency.ts), so a request
 * whose change committed but whose answer was lost is refused on retry, never repeated.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { pool: pg.Pool }) => {
  app.decorateRequest('idempotent', null);

  // Callback style, so that the rest of the request runs inside the key's async context.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || key === undefined || !request.account) return done();
    if (!request.routeOptions.config.idempotent) {
      // Ignoring the key would let a client believe its retries are safe.
      refuse(reply, 400, { message: 'This call does not take an Idempotency-Key header: only creates do (docs/api.md, "Retrying safely").', code: ERROR_CODES.validation });
      return;
    }
    if (typeof key !== 'string' || !KEY.test(key)) {
      refuse(reply, 400, { message: 'The Idempotency-Key header must be 1 to 255 visible characters, such as a UUID.', code: ERROR_CODES.validation });
      return;
    }
    const idempotent: IdempotentRequest = {
      userId: request.account.userId,
      key,
      operation: `POST ${request.url.split('?')[0]}`,
      requestHash: bodyHash(request.body),
      claimed: false,
    };
    opts.pool
      .query<{ operation: string; request_hash: string; status_code: number | null; response: unknown }>(
        `select operation, request_hash, status_code, response from idempotency_keys where user_id = $1 and key = $2`,
        [idempotent.userId, key],
      )
      .then(({ rows: [seen] }) => {
        if (!seen) {
          request.idempotent = idempotent;
          idempotentRequests.run(idempotent, done);
        } else if (seen.operation !== idempotent.operation || seen.request_hash !== idempotent.requestHash) {
          refuse(reply, 409, { message: 'This Idempotency-Key was already used for a different request. Use a new key for each new request.', code: ERROR_CODES.conflict });
        } else if (seen.status_code === null) {
          refuse(reply, 409, { message: KEY_REUSED_MESSAGE, code: ERROR_CODES.conflict });
        } else {
          void reply.status(seen.status_code).header(REPLAYED_HEADER, 'true').send(seen.response);
        }
      }, done);
  });

  // The answer is kept when the request changed something (its transaction claimed the key),
  // or when it succeeded without a transaction; a refusal that changed nothing is not kept,
  // so the same request may be sent again once its cause is fixed.
  app.addHook('onSend', async (request, reply, payload) => {
    const idempotent = request.idempotent;
    if (!idempotent || reply.statusCode >= 500 || typeof payload !== 'string') return payload;
    if (!idempotent.claimed && reply.statusCode >= 300) return payload;
    let response: unknown;
    try {
      response = JSON.parse(payload);
    } catch {
      return payload;
    }
    try {
      await opts.pool.query(
        `insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response) values ($1, $2, $3, $4, $5, $6)
         on conflict (user_id, key) do update set status_code = excluded.status_code, response = excluded.response
         where idempotency_keys.status_code is null and idempotency_keys.request_hash = excluded.request_hash`,
        [idempotent.userId, idempotent.key, idempotent.operation, idempotent.requestHash, reply.statusCode, JSON.stringify(response)],
      );
    } catch (error) {
      // The change is made; failing its answer now would invite the retry the key is for. A
      // retry then finds the key without an answer and is refused rather than repeated.
      request.log.warn({ err: error }, 'The answer to an Idempotency-Key request could not be kept');
    }
    return payload;
  });
});
