import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { undoParamsSchema, undoResultResponse } from '@shared/schemas/undo';
import { requireAccount } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../route-schema';
import { undo } from './undo.service';

export async function undoRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/undo/:token',
    {
      schema: {
        tags: ['Undo'],
        summary: 'Undo a change',
        description: `Undoes a delete, completion or other change within a few seconds of it, with the token its answer gave in the \`${UNDO_TOKEN_HEADER}\` header.`,
        params: undoParamsSchema,
        response: { 200: undoResultResponse },
      },
    },
    async (request) => undo(deps, requireAccount(request), request.params.token),
  );
}
