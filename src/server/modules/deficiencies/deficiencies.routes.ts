import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@shared/api-error';
import { correctDeficiencySchema, deficiencyListQuerySchema } from '@shared/schemas/deficiency';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as deficiencies from './deficiencies.service';
import { PHOTO_UPLOAD_PATH } from './photo-upload';


export async function deficienciesRoutes(app: FastifyInstance, deps: deficiencies.DeficienciesDeps & { photoMaxBytes: number }): Promise<void> {
  app.get('/api/properties/:id/deficiencies', async (request) => {
    const account = requireAccount(request);
    const propertyId = parseId(request.params, 'Property not found');
    const filter = parse(deficiencyListQuerySchema, request.query);
    return deficiencies.listForProperty(deps, account, propertyId, filter);
  });

  app.get('/api/inspections/:id/deficiencies', async (request) => {
    const account = requireAccount(request);
    const inspectionId = parseId(request.params, 'Inspection not found');
    return deficiencies.listForInspection(deps, account, inspectionId);
  });

  app.get('/api/deficiencies/open-summary', async (request) => deficiencies.openSummary(deps, requireAccount(request)));

  app.get('/api/deficiencies/:id', async (request) => {
    const account = requireAccount(request);
    return deficiencies.getDeficiency(deps, account, parseId(request.params, 'Deficiency not found'));
  });

  app.post('/api/deficiencies/:id/correct', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Deficiency not found');
    return deficiencies.correctDeficiency(deps, account, id, parse(correctDeficiencySchema, request.body));
  });

  app.get('/api/deficiencies/:id/photos/:photoId', async (request, reply) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Photo not found');
    const photoId = parseId({ id: (request.params as { photoId?: string }).photoId }, 'Photo not found');
    const photo = await deficiencies.getPhoto(deps, account, id, photoId);
    // Private to its owner: no shared cache may keep it.
    return reply.header('Content-Type', photo.contentType).header('Cache-Control', 'private, max-age=3600').header('Content-Disposition', 'inline').send(photo.bytes);
  });

  app.delete('/api/deficiencies/:id/photos/:photoId', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Photo not found');
    const photoId = parseId({ id: (request.params as { photoId?: string }).photoId }, 'Photo not found');
    await deficiencies.deletePhoto(deps, account, id, photoId);
    return { success: true };
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
    scope.post(PHOTO_UPLOAD_PATH, { bodyLimit: deps.photoMaxBytes }, async (request, reply) => {
      const account = requireAccount(request);
      const id = parseId(request.params, 'Deficiency not found');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return reply.status(201).send(await deficiencies.addPhoto(deps, account, id, body));
    });
  });
}
