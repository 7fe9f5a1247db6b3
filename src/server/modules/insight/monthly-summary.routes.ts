import type { FastifyInstance } from 'fastify';
import { insightSummaryQuerySchema } from '@shared/schemas/insight';
import { contentDisposition } from '../../pdf/document';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { fileResponse, type ZodTypeProvider } from '../../route-schema';
import type { RenderPool } from '../../pdf/render-pool';
import { monthlySummaryPdf, type MonthlySummaryDeps } from './monthly-summary.service';
import { organizationName } from './monthly-summary.queries';

export async function monthlySummaryRoutes(app: FastifyInstance, deps: MonthlySummaryDeps & { renderer: RenderPool }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/insight/summary.pdf',
    {
      // Each is drawn anew in the PDF threads: a loop of them is refused before it fills them.
      preValidation: limit(perAccount('insight-summary', 30)),
      schema: {
        tags: ['Insight'],
        summary: 'Download the monthly portfolio summary',
        description:
          'A PDF of a month that has ended (`month=YYYY-MM`, in the organisation\'s time zone): compliance on its last day, inspections completed on time, deficiencies found and corrected, overdue inspections at its end, each compared with the month before and told in words. Counts only what the caller can see. This month or a later one is a 400 "Choose a month that has ended".',
        querystring: insightSummaryQuerySchema,
        response: { 200: fileResponse('application/pdf') },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const { fileName, pdf } = await monthlySummaryPdf(deps, account, await organizationName(deps.db, account.id), request.query.month);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
