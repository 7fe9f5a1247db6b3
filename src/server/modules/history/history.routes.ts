import type { FastifyInstance } from 'fastify';
import { historyFilterSchema, historyPageResponse, historyPageSchema, historyPeopleResponse, organizationHistoryQuerySchema } from '@shared/schemas/history';
import { requireAccount } from '../../plugins/auth';
import { fileResponse, idParams, type ZodTypeProvider } from '../../route-schema';
import * as history from './history.service';

const tags = ['History'];
const newestFirst = 'Newest first, 50 at a time: ask for the next page with `before` set to the `nextBefore` of this one.';

/** The history of every change (docs/history.md): a property's, and the organisation's with filters and CSV. */
export async function historyRoutes(app: FastifyInstance, deps: history.HistoryDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties/:id/history',
    {
      schema: {
        tags,
        summary: 'A property’s history',
        description: `Every change to the property and what hangs on it: who, when, what, and the values before and after. ${newestFirst} Owners, admins and managers.`,
        permission: 'history.property',
        params: idParams('Property not found'),
        querystring: historyPageSchema,
        response: { 200: historyPageResponse },
      },
    },
    async (request) => history.propertyHistory(deps, requireAccount(request), request.params.id, request.query),
  );

  api.get(
    '/api/organizations/current/history',
    {
      schema: {
        tags,
        summary: 'The organisation’s history',
        description: `Every change in the organisation, filtered by person, property, kind and days. ${newestFirst} Owners and admins.`,
        permission: 'history.organization',
        querystring: organizationHistoryQuerySchema,
        response: { 200: historyPageResponse },
      },
    },
    async (request) => history.organizationHistory(deps, requireAccount(request), request.query),
  );

  api.get(
    '/api/organizations/current/history.csv',
    {
      schema: {
        tags,
        summary: 'The organisation’s history as CSV',
        description: `The same events and filters as the history, newest first, at most ${history.CSV_MAX_EVENTS.toLocaleString('en-US')} of them; times in the organisation’s time zone. A cell that starts with = + - or @ is prefixed with an apostrophe, so a spreadsheet shows it and never runs it. Owners and admins.`,
        permission: 'history.organization',
        querystring: historyFilterSchema,
        response: { 200: fileResponse('text/csv') },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const csv = await history.organizationHistoryCsv(deps, account, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="firemark-history-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/api/organizations/current/history/people',
    {
      schema: {
        tags,
        summary: 'People in the organisation’s history',
        description: 'Everyone who made a change, for the person filter: members, and former members by the name they had. Owners and admins.',
        permission: 'history.organization',
        response: { 200: historyPeopleResponse },
      },
    },
    async (request) => history.historyPeople(deps, requireAccount(request)),
  );
}
