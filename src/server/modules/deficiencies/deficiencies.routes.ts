import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiErrorBody } from '@shared/api-error';
import { PHOTO_TYPES } from '@shared/records';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { correctDeficiencyResponse, correctDeficiencySchema, deficiencyEditSchema, deficiencyListQuerySchema, deficiencyPhotoResponse, deficiencyPortfolioQuerySchema, deficiencyResponse, deficiencySummaryResponse, portfolioDeficiencyResponse } from '@shared/schemas/deficiency';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { requireAccount } from '../../plugins/auth';
import { sendJsonBytes } from '../../plugins/compression';
import { fileBody, fileResponse, idParams, notFoundParams, recordId, successResponse, type ZodTypeProvider } from '../../route-schema';
import * as deficiencies from './deficiencies.service';
import { PHOTO_UPLOAD_PATH } from './photo-upload';
import { DEPENDS_ON_HEADER, idempotent, keptEdit } from '../../plugins/idempotency';
import { ifMatchOf } from '../../if-match';
import { inspectionAddedFor } from '../offline/added-inspection.queries';

const tags = ['Deficiencies'];
const params = idParams('Deficiency not found');
const photoParams = notFoundParams(z.object({ id: recordId, photoId: recordId }), 'Photo not found');

export async function deficienciesRoutes(app: FastifyInstance, deps: deficiencies.DeficienciesDeps & { photoMaxBytes: number }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties/:id/deficiencies',
    { schema: { tags, summary: "List a property's deficiencies", params: idParams('Property not found'), querystring: deficiencyListQuerySchema, response: { 200: z.array(deficiencyResponse) } } },
    async (request) => deficiencies.listForProperty(deps, requireAccount(request), request.params.id, request.query),
  );

  api.get(
    '/api/inspections/:id/deficiencies',
    { schema: { tags, summary: 'List the deficiencies an inspection found', params: idParams('Inspection not found'), response: { 200: z.array(deficiencyResponse) } } },
    async (request) => deficiencies.listForInspection(deps, requireAccount(request), request.params.id),
  );

  api.get(
    '/api/deficiencies/open-summary',
    { schema: { tags, summary: 'Count open deficiencies', description: 'Open and critical counts, and the latest critical ones.', response: { 200: deficiencySummaryResponse } } },
    async (request) => deficiencies.openSummary(deps, requireAccount(request)),
  );

  api.get(
    '/api/deficiencies',
    {
      schema: {
        tags,
        summary: 'List deficiencies across properties',
        description:
          "Every property's deficiencies the caller reaches: open ones by default, oldest found first (critical first on the same day), then corrected ones, the latest corrected first. `age` takes the Insight figure's bands (0-30, 31-90, 90+ days from the day found, in the organisation's time zone), so a band's count there is this list's total. Paged with `limit` (at most 100) and `offset`; the total is in `X-Total-Count`.",
        querystring: deficiencyPortfolioQuerySchema,
        response: { 200: z.array(portfolioDeficiencyResponse) },
      },
    },
    async (request, reply) => {
      const page = await deficiencies.listAcrossProperties(deps, requireAccount(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return sendJsonBytes(request, reply, page);
    },
  );

  api.get('/api/deficiencies/:id', { schema: { tags, summary: 'Get a deficiency', params, response: { 200: deficiencyResponse } } }, async (request) =>
    deficiencies.getDeficiency(deps, requireAccount(request), request.params.id),
  );

  api.post(
    '/api/inspections/:id/deficiencies',
    {
      config: idempotent,
      schema: {
        permission: 'deficiencies.record',
        tags,
        summary: 'Add a deficiency to an inspection',
        description:
          'One found after the completion was sent, or recorded on a device without signal: added to an open inspection (announced when it is completed) or to one completed non-compliant. A compliant or cancelled inspection takes none (409). Sent with `Depends-On` naming a completion of this inspection that was kept as another inspection (`addedAsInspectionId`), it is added to that one.',
        params: idParams('Inspection not found'),
        body: deficiencyEditSchema,
        response: { 201: deficiencyResponse },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const inspectionId = await inspectionAddedFor(deps.pool, account.userId, request.headers[DEPENDS_ON_HEADER], request.params.id);
      return reply.status(201).send(await deficiencies.addDeficiency(deps, account, inspectionId, request.body));
    },
  );

  api.put(
    '/api/deficiencies/:id',
    {
      config: keptEdit,
      schema: {
        permission: 'deficiencies.record',
        tags,
        summary: 'Edit a deficiency',
        description:
          'Its description, severity, location, corrective action and due date (all of them, as the form sends them). Sent with `If-Match: <updatedAt>` (the `updatedAt` of the copy it was made from), an edit of a deficiency someone changed since is refused with 412 `changed_elsewhere` and the deficiency as it stands (`current`); nothing is applied (docs/offline.md).',
        params,
        body: deficiencyEditSchema,
        response: { 200: deficiencyResponse },
      },
    },
    async (request) => deficiencies.editDeficiency(deps, requireAccount(request), request.params.id, request.body, ifMatchOf(request)),
  );

  api.post(
    '/api/deficiencies/:id/correct',
    {
      config: idempotent,
      schema: {
        permission: 'deficiencies.record',
        tags,
        summary: 'Correct a deficiency',
        description: `Correcting the last open deficiency of a failed fire alarm, smoke detector or sprinkler inspection schedules a re-test (\`retest\` in the answer) instead of making the item compliant. The \`${UNDO_TOKEN_HEADER}\` header of the answer undoes the correction (and removes its re-test while nothing was recorded on it).`,
        params,
        body: correctDeficiencySchema,
        response: { 200: correctDeficiencyResponse },
      },
    },
    async (request, reply) => {
      const { deficiency, undoToken } = await deficiencies.correctDeficiency(deps, requireAccount(request), request.params.id, request.body);
      reply.header(UNDO_TOKEN_HEADER, undoToken);
      return deficiency;
    },
  );

  api.get(
    '/api/deficiencies/:id/photos/:photoId',
    { schema: { tags, summary: 'Get a photo of a deficiency', description: 'A quarantined photo (one stored before uploads were re-encoded that did not decode) answers 404.', params: photoParams, response: { 200: fileResponse('image/jpeg', 'image/png') } } },
    async (request, reply) => {
      const photo = await deficiencies.getPhoto(deps, requireAccount(request), request.params.id, request.params.photoId);
      // Private to its owner: no shared cache may keep it.
      return reply.header('Content-Type', photo.contentType).header('Cache-Control', 'private, max-age=3600').header('Content-Disposition', 'inline').header('Content-Length', String(photo.size)).send(photo.body);
    },
  );

  api.delete('/api/deficiencies/:id/photos/:photoId', { schema: { permission: 'deficiencies.record', tags, summary: 'Delete a photo of a deficiency', params: photoParams, response: { 200: successResponse } } }, async (request) => {
    await deficiencies.deletePhoto(deps, requireAccount(request), request.params.id, request.params.photoId);
    return { success: true as const };
  });

  // The upload's raw body in a scope of its own, so that no other route takes photos.
  await app.register(async (scope) => {
    const megabytes = Math.round((deps.photoMaxBytes / (1024 * 1024)) * 10) / 10;
    scope.addContentTypeParser(/^(image\/|application\/octet-stream)/i, { parseAs: 'buffer', bodyLimit: deps.photoMaxBytes }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) {
        return reply.status(413).send({ message: `This photo is larger than ${megabytes} MB. Choose a smaller photo or take it again at a lower resolution.` } satisfies ApiErrorBody);
      }
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      PHOTO_UPLOAD_PATH,
      {
        config: idempotent,
        bodyLimit: deps.photoMaxBytes,
        schema: {
          permission: 'deficiencies.record',
          tags,
          summary: 'Add a photo to a deficiency',
          description: `The photo's own bytes as the body (JPEG or PNG, at most PHOTO_MAX_BYTES, 10 MB by default, and at most 50 megapixels). It is decoded and re-encoded before it is stored: turned upright, at most 2560 pixels on its long side, 8-bit sRGB, with no metadata. A file that does not decode is refused (400). The answer describes the stored photo.`,
          params,
          body: fileBody(...PHOTO_TYPES.filter((type) => type !== 'image/heic')),
          response: { 201: deficiencyPhotoResponse },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return reply.status(201).send(await deficiencies.addPhoto(deps, requireAccount(request), request.params.id, body));
      },
    );
  });
}
