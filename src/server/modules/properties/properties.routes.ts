import type { FastifyInstance } from 'fastify';
import { bulkImportSchema } from '@shared/csv-import';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { UNDO_TOKEN_HEADER } from '@shared/schemas/undo';
import { propertyListQuerySchema, propertySchema, propertyUpdateSchema } from '@shared/schemas/property';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import { checkImport, importProperties } from './property-import.service';
import * as properties from './properties.service';

/** A 5,000-row CSV as JSON is a few megabytes; only this route accepts that much. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

export async function propertiesRoutes(app: FastifyInstance, deps: properties.PropertiesDeps): Promise<void> {
  app.get('/api/properties', async (request, reply) => {
    const account = requireAccount(request);
    const filter = parse(propertyListQuerySchema, request.query);
    const { json, total } = await properties.listProperties(deps, account, filter);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    // Already serialised (and perhaps remembered): sent as it is.
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.post('/api/properties', async (request, reply) => {
    const account = requireAccount(request);
    const values = parse(propertySchema, request.body);
    return reply.status(201).send(await properties.createProperty(deps, account, values));
  });

  app.get('/api/properties/:id', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Property not found');
    return properties.getProperty(deps, account, id);
  });

  app.put('/api/properties/:id', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Property not found');
    const values = parse(propertyUpdateSchema, request.body);
    return properties.updateProperty(deps, account, id, values);
  });

  app.delete('/api/properties/:id', async (request, reply) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Property not found');
    const { undoToken } = await properties.deleteProperty(deps, account, id);
    reply.header(UNDO_TOKEN_HEADER, undoToken);
    return { success: true };
  });

  app.post('/api/properties/bulk-import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) => {
    const account = requireAccount(request);
    const input = parse(bulkImportSchema, request.body);
    const result = await importProperties(deps, account, { filename: input.filename, rows: input.properties, includeDuplicates: input.includeDuplicates });
    return reply.status(201).send(result);
  });

  // The preview asks before importing; it changes nothing, so it is a POST only for its body.
  app.post('/api/properties/bulk-import/check', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const account = requireAccount(request);
    const input = parse(bulkImportSchema, request.body);
    return checkImport(deps, account, input.properties);
  });
}
