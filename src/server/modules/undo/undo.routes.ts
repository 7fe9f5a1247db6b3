import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { undoParamsSchema } from '@shared/schemas/undo';
import { requireAccount } from '../../plugins/auth';
import { parse } from '../../validation';
import { undo } from './undo.service';

export async function undoRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): Promise<void> {
  app.post('/api/undo/:token', async (request) => {
    const account = requireAccount(request);
    const { token } = parse(undoParamsSchema, request.params);
    return undo(deps, account, token);
  });
}
