import type { FastifyInstance } from 'fastify';
import { createApiTokenSchema } from '@shared/schemas/api-token';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as tokens from './api-tokens.service';

/** Personal API tokens: made and revoked from a signed-in session only (plugins/api-tokens.ts refuses tokens here). */
export async function apiTokensRoutes(app: FastifyInstance, deps: tokens.ApiTokensDeps): Promise<void> {
  app.get('/api/tokens', async (request) => tokens.listTokens(deps, requireAccount(request)));

  app.post('/api/tokens', async (request, reply) => {
    const account = requireAccount(request);
    const input = parse(createApiTokenSchema, request.body);
    return reply.status(201).send(await tokens.createToken(deps, account, input));
  });

  app.delete('/api/tokens/:id', async (request) => {
    const account = requireAccount(request);
    await tokens.revokeToken(deps, account, parseId(request.params, 'API token not found'));
    return { success: true };
  });
}
