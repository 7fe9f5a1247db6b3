import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { undoParamsSchema } from '@shared/schemas/undo';
import { requireUser } from '../../plugins/auth';
import { parse } from '../../validation';
import { undo } from './undo.service';

export async function undoRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): Promise<void> {
  app.post('/api/undo/:token', async (request) => {
    const user = requireUser(request);
    const { token } = parse(undoParamsSchema, request.params);
    return undo(deps, user, token);
  });
}
