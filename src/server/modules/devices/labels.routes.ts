import type { FastifyInstance } from 'fastify';
import { labelSheetSchema } from '@shared/schemas/device';
import { contentDisposition } from '../../pdf/document';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { fileResponse, idParams, type ZodTypeProvider } from '../../route-schema';
import { labelSheet, type LabelsDeps } from './labels.service';

const tags = ['Devices'];

export async function labelsRoutes(app: FastifyInstance, deps: LabelsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/properties/:id/labels',
    {
      // Each sheet is drawn anew: a loop of them is refused before it fills the drawing threads.
      preValidation: limit(perAccount('device-labels', 60)),
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Print device labels',
        description:
          'A PDF of labels for the chosen devices of this property, one page per sheet: Avery 5160 (US Letter, 30 a sheet), Avery L7160 (A4, 21 a sheet) or weatherproof 2 x 4 in (US Letter, 10 a sheet). Each label has a QR code of `APP_URL/t/TAG`, the tag, the device, the property and the location. `skip` leaves that many labels of the first sheet blank (a sheet used before). A device of another property is a 404.',
        params: idParams('Property not found'),
        body: labelSheetSchema,
        response: { 200: fileResponse('application/pdf') },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await labelSheet(deps, requireAccount(request), request.params.id, request.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
