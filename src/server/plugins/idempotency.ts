import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { ERROR_CODES, type ApiErrorBody } from '@shared/api-error';
import { idempotentRequests, KEY_REUSED_MESSAGE, type IdempotentRequest } from '../db/idempotency';
import { OUT_OF_ORDER_MESSAGE } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** The ids (Idempotency-Keys) of earlier changes a change needs, comma-separated (docs/offline.md). */
export const DEPENDS_ON_HEADER = 'depends-on';
/** The organisation a device kept the change for (docs/offline.md): another is refused, never applied there. */
export const ORGANIZATION_HEADER = 'x-organization-id';
const MAX_DEPENDENCIES = 50;
/** A change edits as well as creates: an offline outbox sends completions and edits (PUT) by key too. */
const KEYED_METHODS = new Set(['POST', 'PUT']);
/** Visible ASCII, as the header's draft standard and Stripe's keys use; a UUID fits. */
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotent: IdempotentRequest | null;
  }
  interface FastifyContextConfig {
    /** The route is a create or an edit that takes an Idempotency-Key (routes opt in with `config: idempotent`). */
    idempotent?: boolean;
    /** The route is an edit that takes If-Match (if-match.ts), for the API reference. */
    ifMatch?: boolean;
  }
}

/**
 * A create's or an edit's route options opt in with this (an offline device sends its changes
 * by key, docs/offline.md). Not every route does: an answer that holds a secret shown once (a
 * new API token, a webhook's signing secret) must not be kept, and sign-in or sign-out replayed
 * from a record would not set or clear a cookie. A replay answers the kept body only: headers
 * such as the undo token are not kept.
 */
export const idempotent = { idempotent: true } as const;

/** An edit a device keeps offline: it takes an Idempotency-Key and If-Match (docs/offline.md). */
export const keptEdit = { idempotent: true, ifMatch: true } as const;

const bodyHash = (body: unknown) =>
  createHash('sha256')
    .update(Buffer.isBuffer(body) ? body : JSON.stringify(body ?? null))
    .digest('hex');

interface SeenKey {
  operation: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
}

/** The ids a Depends-On header names, or undefined when it is not a short list of keys. */
export function dependencies(header: string | string[]): string[] | undefined {
  const ids = [...new Set((Array.isArray(header) ? header.join(',') : header).split(',').map((id) => id.trim()).filter(Boolean))];
  return ids.length > 0 && ids.length <= MAX_DEPENDENCIES && ids.every((id) => KEY.test(id)) ? ids : undefined;
}

/**
 * Whether every change named was accepted for this user: its key's row holds a success, or no
 * answer at all (the change committed and its answer was lost, which is applied all the same).
 */
async function allAccepted(pool: pg.Pool, userId: number, ids: string[]): Promise<boolean> {
  const { rows } = await pool.query<{ accepted: string }>(
    `select count(*) as accepted from idempotency_keys where user_id = $1 and key = any($2::text[]) and (status_code is null or status_code < 300)`,
    [userId, ids],
  );
  return Number(rows[0]?.accepted) === ids.length;
}

const refuse = (reply: FastifyReply, status: number, body: ApiErrorBody) => reply.status(status).send(body);

/**
 * `Idempotency-Key` on a signed-in create or edit (docs/api.md, "Retrying safely"): the first
 * request with a key is carried out and its answer kept for 30 days; the same key with the same body
 * gets that answer again (with `Idempotent-Replayed: true`) instead of a second record. The
 * key's row commits with the request's own transaction (db/idempotency.ts), so a request
 * whose change committed but whose answer was lost is refused on retry, never repeated.
 *
 * `Depends-On` (docs/offline.md): a change that names earlier changes by their keys is refused
 * with 409 out_of_order, before anything is applied, until each was accepted for this user.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { pool: pg.Pool }) => {
  app.decorateRequest('idempotent', null);

  // Callback style, so that the rest of the request runs inside the key's async context.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    const dependsOn = request.headers[DEPENDS_ON_HEADER];
    if (!request.account || (key === undefined && dependsOn === undefined)) return done();
    if (key !== undefined && !KEYED_METHODS.has(request.method)) return done();
    if (key !== undefined && !request.routeOptions.config.idempotent) {
      // Ignoring the key would let a client believe its retries are safe.
      refuse(reply, 400, { message: 'This call does not take an Idempotency-Key header (docs/api.md, "Retrying safely").', code: ERROR_CODES.validation });
      return;
    }
    const forOrganization = request.headers[ORGANIZATION_HEADER];
    if (key !== undefined && forOrganization !== undefined && String(forOrganization) !== String(request.account.id)) {
      // The session moved to another organisation while the change waited: applied here, its
      // ids would name nothing (404) and it would be reported as deleted.
      refuse(reply, 409, { message: 'This change was recorded in another of your organisations. It is kept on your device and sent when you switch back to it.', code: ERROR_CODES.wrong_organization });
      return;
    }
    if (key !== undefined && (typeof key !== 'string' || !KEY.test(key))) {
      refuse(reply, 400, { message: 'The Idempotency-Key header must be 1 to 255 visible characters, such as a UUID.', code: ERROR_CODES.validation });
      return;
    }
    const needed = dependsOn === undefined ? [] : dependencies(dependsOn);
    if (needed === undefined) {
      refuse(reply, 400, { message: `The Depends-On header must name 1 to ${MAX_DEPENDENCIES} change ids (Idempotency-Keys), separated by commas.`, code: ERROR_CODES.validation });
      return;
    }
    const userId = request.account.userId;
    const idempotent: IdempotentRequest | undefined =
      typeof key === 'string'
        ? { userId, key, operation: `${request.method} ${request.url.split('?')[0]}`, requestHash: bodyHash(request.body), claimed: false }
        : undefined;
    const seenKey = idempotent
      ? opts.pool.query<SeenKey>(`select operation, request_hash, status_code, response from idempotency_keys where user_id = $1 and key = $2`, [userId, idempotent.key]).then(({ rows }) => rows[0])
      : Promise.resolve(undefined);
    seenKey
      .then(async (seen) => {
        if (seen && idempotent) {
          // A change already received answers as it did, whatever it depends on.
          if (seen.operation !== idempotent.operation || seen.request_hash !== idempotent.requestHash) {
            refuse(reply, 409, { message: 'This Idempotency-Key was already used for a different request. Use a new key for each new request.', code: ERROR_CODES.conflict });
          } else if (seen.status_code === null) {
            refuse(reply, 409, { message: KEY_REUSED_MESSAGE, code: ERROR_CODES.conflict });
          } else {
            void reply.status(seen.status_code).header(REPLAYED_HEADER, 'true').send(seen.response);
          }
          return;
        }
        if (needed.length > 0 && !(await allAccepted(opts.pool, userId, needed))) {
          refuse(reply, 409, { message: OUT_OF_ORDER_MESSAGE, code: ERROR_CODES.out_of_order });
          return;
        }
        if (!idempotent) return done();
        request.idempotent = idempotent;
        idempotentRequests.run(idempotent, done);
      })
      .catch(done);
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
