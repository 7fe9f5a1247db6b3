import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actors } from '../db/actor';

/**
 * Names the caller (the member, or the API token acting as them) as the actor of everything
 * the request writes: its transactions hand it to the history triggers (db/actor.ts,
 * docs/history.md). Registered after the session and token plugins, which set the caller.
 */
export const historyActorPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback style, so that the rest of the request runs inside the actor's async context.
    app.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const account = request.account;
      if (!account) return done();
      actors.run({ userId: account.userId, tokenId: request.apiToken?.id ?? null }, done);
    });
  },
  { name: 'history-actor' },
);
