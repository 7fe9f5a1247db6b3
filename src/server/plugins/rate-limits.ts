import type { FastifyRequest } from 'fastify';

/**
 * A route limit counted per signed-in account (per client address before sign-in), for
 * actions that cost real work or send mail: one account cannot do them in a loop.
 */
export const perAccount = (max: number, timeWindow = '10 minutes') => ({
  max,
  timeWindow,
  keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
});
