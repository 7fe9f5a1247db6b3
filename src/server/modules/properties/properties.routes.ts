import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bulkImportSchema, importCheckResponse, importResultResponse } from '@shared/csv-import';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { propertyListQuerySchema, propertyResponse, propertySchema, propertyUpdateSchema } from '@shared/schemas/property';
import { requireAccount } from '../../plugins/auth';
import { sendJsonBytes } from '../../plugins/compression';
import { idParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import { checkImport, importProperties } from './property-import.service';
import * as properties from './properties.service';
import { idempotent } from '../../plugins/idempotency';

/** A 5,000-row CSV as JSON is a few megabytes; only this route accepts that much. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

const tags = ['Properties'];
const params = idParams('Property not found');

export async function propertiesRoutes(app: FastifyInstance, deps: properties.PropertiesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties',
    { schema: { tags, summary: 'List properties', querystring: propertyListQuerySchema, response: { 200: z.array(propertyResponse) } } },
    async (request, reply) => {
      const account = requireAccount(request);
      const page = await properties.listProperties(deps, account, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return sendJsonBytes(request, reply, page);
    },
  );

  api.post('/api/properties', { config: idempotent, schema: { permission: 'properties.create', tags, summary: 'Create a property', body: propertySchema, response: { 201: propertyResponse } } }, async (request, reply) => {
    const account = requireAccount(request);
    return reply.status(201).send(await properties.createProperty(deps, account, request.body));
  });

  api.get('/api/properties/:id', { schema: { tags, summary: 'Get a property', params, response: { 200: propertyResponse } } }, async (request) =>
    properties.getProperty(deps, requireAccount(request), request.params.id),
  );

  api.put(
    '/api/properties/:id',
    { schema: { permission: 'properties.edit', tags, summary: 'Update a property', params, body: propertyUpdateSchema, response: { 200: propertyResponse } } },
    async (request) => properties.updateProperty(deps, requireAccount(request), request.params.id, request.body),
  );

  api.delete(
    '/api/properties/:id',
    {
      schema: {
        permission: 'properties.delete',
        tags,
        summary: 'Delete a property',
        description: `Deletes the property with its inspections and reports. The \`${UNDO_TOKEN_HEADER}\` header of the answer undoes it (POST /api/undo/{token}).`,
        params,
        response: { 200: successResponse },
      },
    },
    async (request, reply) => {
      const { undoToken } = await properties.deleteProperty(deps, requireAccount(request), request.params.id);
      reply.header(UNDO_TOKEN_HEADER, undoToken);
      return { success: true as const };
    },
  );

  api.post(
    '/api/properties/bulk-import',
    { config: idempotent, bodyLimit: IMPORT_BODY_LIMIT, schema: { permission: 'properties.create', tags, summary: 'Import properties', body: bulkImportSchema, response: { 201: importResultResponse } } },
    async (request, reply) => {
      const account = requireAccount(request);
      const input = request.body;
      const result = await importProperties(deps, account, { filename: input.filename, rows: input.properties, includeDuplicates: input.includeDuplicates });
      return reply.status(201).send(result);
    },
  );

  // The preview asks before importing; it changes nothing, so it is a POST only for its body.
  api.post(
    '/api/properties/bulk-import/check',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { permission: 'properties.create', tags, summary: 'Check an import', description: 'Which rows would be duplicates; imports nothing.', body: bulkImportSchema, response: { 200: importCheckResponse } } },
    async (request) => checkImport(deps, requireAccount(request), request.body.properties),
  );
}
