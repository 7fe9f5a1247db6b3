import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { generateReportSchema, reportListQuerySchema, reportResponse } from '@shared/schemas/report';
import { reportVerificationResponse, verifyIdParamsSchema } from '@shared/schemas/verification';
import { contentDisposition } from '../../pdf/document';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { fileResponse, idParams, noContent, type ZodTypeProvider } from '../../route-schema';
import { assertPropertyExists } from '../properties/properties.service';
import * as reports from './reports.service';
import { idempotent } from '../../plugins/idempotency';

const tags = ['Reports'];
const params = idParams('Report not found');
const reportList = { 200: z.array(reportResponse) };

export async function reportsRoutes(app: FastifyInstance, deps: reports.ReportsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Lists are paged like every list (DECISIONS "Lists"): limit/offset in, X-Total-Count out.
  api.get('/api/reports', { schema: { tags, summary: 'List reports', querystring: reportListQuerySchema, response: reportList } }, async (request, reply) => {
    const { rows, total } = await reports.listReports(deps, requireAccount(request), request.query);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });

  api.get(
    '/api/properties/:id/reports',
    { schema: { tags, summary: "List a property's reports", params: idParams('Property not found'), querystring: reportListQuerySchema.omit({ propertyId: true }), response: reportList } },
    async (request, reply) => {
      const account = requireAccount(request);
      const propertyId = request.params.id;
      await assertPropertyExists(deps, account, propertyId);
      const { rows, total } = await reports.listReports(deps, account, { ...request.query, propertyId });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  // A PDF takes real work to draw and is stored.
  api.post(
    '/api/reports',
    {
      config: idempotent,
      preValidation: limit(perAccount('report', 30)),
      schema: { permission: 'reports.create', tags, summary: 'Generate a report', description: 'Draws and stores a compliance report (Pro plan). Download it from `downloadUrl`.', body: generateReportSchema, response: { 201: reportResponse } },
    },
    async (request, reply) => reply.status(201).send(await reports.generateReport(deps, requireAccount(request), request.body)),
  );

  api.delete(
    '/api/reports/:id/verification',
    { schema: { permission: 'reports.create', tags, summary: "Revoke a report's verification link", params, response: { 204: noContent } } },
    async (request, reply) => {
      await reports.revokeVerification(deps, requireAccount(request), request.params.id);
      return reply.status(204).send(undefined);
    },
  );

  // Public: anyone holding a report can check it. Per client address, wide enough for an
  // office behind one address checking a stack of reports.
  const perClient = limit({ name: 'verify-report', points: 120, durationSeconds: 60, key: (request) => request.ip });
  api.get(
    '/api/verify/:id',
    {
      preValidation: perClient,
      schema: { tags, summary: 'Verify a report', description: 'Public: what the report showed when it was made, for anyone holding it.', public: true, params: verifyIdParamsSchema, response: { 200: reportVerificationResponse } },
    },
    async (request, reply) => {
      const verification = await reports.verifyReport(deps, request.params.id);
      return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').send(verification);
    },
  );

  api.get(
    '/api/reports/:id/download',
    { schema: { tags, summary: 'Download a report', params, response: { 200: fileResponse('application/pdf') } } },
    async (request, reply) => {
      const { fileName, body, size } = await reports.reportPdf(deps, requireAccount(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('content-length', String(size))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
