import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiTokenResponse, createApiTokenSchema, createdApiTokenResponse } from '@shared/schemas/api-token';
import { requireAccount } from '../../plugins/auth';
import { idParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import * as tokens from './api-tokens.service';

const tags = ['API tokens'];
const signedIn = 'From a signed-in browser session only: an API token is refused here (403).';

/** Personal API tokens: made and revoked from a signed-in session only (plugins/api-tokens.ts refuses tokens here). */
export async function apiTokensRoutes(app: FastifyInstance, deps: tokens.ApiTokensDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/tokens', { schema: { permission: 'apiTokens.manage', tags, summary: 'List API tokens', description: signedIn, response: { 200: z.array(apiTokenResponse) } } }, async (request) =>
    tokens.listTokens(deps, requireAccount(request)),
  );

  api.post(
    '/api/tokens',
    { schema: { permission: 'apiTokens.manage', tags, summary: 'Create an API token', description: `${signedIn} The answer is the only time the token itself is sent.`, body: createApiTokenSchema, response: { 201: createdApiTokenResponse } } },
    async (request, reply) => reply.status(201).send(await tokens.createToken(deps, requireAccount(request), request.body)),
  );

  api.delete('/api/tokens/:id', { schema: { permission: 'apiTokens.manage', tags, summary: 'Revoke an API token', description: signedIn, params: idParams('API token not found'), response: { 200: successResponse } } }, async (request) => {
    await tokens.revokeToken(deps, requireAccount(request), request.params.id);
    return { success: true as const };
  });
}
