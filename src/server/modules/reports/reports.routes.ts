import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { generateReportSchema, reportListQuerySchema } from '@shared/schemas/report';
import { verifyIdParamsSchema } from '@shared/schemas/verification';
import { contentDisposition } from '../../pdf/document';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { parse, parseId } from '../../validation';
import { assertPropertyExists } from '../properties/properties.service';
import * as reports from './reports.service';

export async function reportsRoutes(app: FastifyInstance, deps: reports.ReportsDeps): Promise<void> {
  // Lists are paged like every list (DECISIONS "Lists"): limit/offset in, X-Total-Count out.
  app.get('/api/reports', async (request, reply) => {
    const account = requireAccount(request);
    const filter = parse(reportListQuerySchema, request.query);
    const { rows, total } = await reports.listReports(deps, account, filter);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });

  app.get('/api/properties/:id/reports', async (request, reply) => {
    const account = requireAccount(request);
    const propertyId = parseId(request.params, 'Property not found');
    const filter = parse(reportListQuerySchema.omit({ propertyId: true }), request.query);
    await assertPropertyExists(deps, account, propertyId);
    const { rows, total } = await reports.listReports(deps, account, { ...filter, propertyId });
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });

  // A PDF takes real work to draw and is stored.
  app.post('/api/reports', { preHandler: limit(perAccount('report', 30)) }, async (request, reply) => {
    const account = requireAccount(request);
    const input = parse(generateReportSchema, request.body);
    return reply.status(201).send(await reports.generateReport(deps, account, input));
  });

  app.delete('/api/reports/:id/verification', async (request, reply) => {
    const account = requireAccount(request);
    await reports.revokeVerification(deps, account, parseId(request.params, 'Report not found'));
    return reply.status(204).send();
  });

  // Public: anyone holding a report can check it. Per client address, wide enough for an
  // office behind one address checking a stack of reports.
  const perClient = limit({ name: 'verify-report', points: 120, durationSeconds: 60, key: (request) => request.ip });
  app.get('/api/verify/:id', { preHandler: perClient }, async (request, reply) => {
    const { id } = parse(verifyIdParamsSchema, request.params);
    const verification = await reports.verifyReport(deps, id);
    return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').send(verification);
  });

  app.get('/api/reports/:id/download', async (request, reply) => {
    const account = requireAccount(request);
    const { fileName, pdf } = await reports.reportPdf(deps, account, parseId(request.params, 'Report not found'));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
