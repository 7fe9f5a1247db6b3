import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  historyImportResponse,
  historyImportSchema,
  historyPreviewResponse,
  historyPreviewSchema,
  historyUnmatchedResponse,
  lastDoneEntryResponse,
  lastDoneListQuerySchema,
} from '@shared/schemas/inspection-history';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { requireAccount } from '../../plugins/auth';
import { sendJsonBytes } from '../../plugins/compression';
import { idempotent } from '../../plugins/idempotency';
import type { ZodTypeProvider } from '../../route-schema';
import * as history from './inspection-history.service';

/** 10,000 rows of history as JSON are a few megabytes; only these routes accept that much. */
const HISTORY_BODY_LIMIT = 20 * 1024 * 1024;

const tags = ['Inspection history'];

/**
 * Recording past inspections takes what completing one takes (`inspections.complete`: owners,
 * admins, managers and inspectors, each on the properties they reach): a history row is a
 * completion with its day and result, and recurrence schedules from it as from any completion.
 * Reading the grid's list is open to every member, narrowed to the properties they reach.
 */
export async function inspectionHistoryRoutes(app: FastifyInstance, deps: history.InspectionHistoryDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/inspection-history/preview',
    {
      bodyLimit: HISTORY_BODY_LIMIT,
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Preview past inspections',
        description: 'What each row matches (property, safety item, activity) and how the schedule would change; saves nothing.',
        body: historyPreviewSchema,
        response: { 200: historyPreviewResponse },
      },
    },
    async (request) => history.previewHistory(deps, requireAccount(request), request.body.rows),
  );

  api.post(
    '/api/inspection-history/import',
    {
      config: idempotent,
      bodyLimit: HISTORY_BODY_LIMIT,
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Record past inspections',
        description:
          'Each row becomes a completed, back-dated inspection with its result; each requirement is recomputed once and gets at most one next inspection. No reminder, alert, mail or webhook is sent for them. All or nothing: any row that matches nothing is a 422 listing those rows.',
        body: historyImportSchema,
        response: { 201: historyImportResponse, 422: historyUnmatchedResponse },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await history.importHistory(deps, requireAccount(request), request.body));
      } catch (error) {
        if (!(error instanceof history.UnmatchedRowsError)) throw error;
        return reply.status(422).send({ error: error.message, message: error.message, rows: error.rows });
      }
    },
  );

  api.get(
    '/api/requirements/last-done',
    {
      schema: {
        tags,
        summary: 'List requirements with their last-done dates',
        description: 'The "Record past inspections" grid: active requirements of the properties you reach, by property name, then safety item and the library\'s order.',
        querystring: lastDoneListQuerySchema,
        response: { 200: z.array(lastDoneEntryResponse) },
      },
    },
    async (request, reply) => {
      const page = await history.lastDoneList(deps, requireAccount(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return sendJsonBytes(request, reply, page);
    },
  );
}
