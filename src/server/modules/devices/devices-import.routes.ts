import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bulkCreateDevicesSchema, deviceImportPreviewResponse, deviceImportSchema, deviceResponse } from '@shared/schemas/device';
import { requireAccount } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { idParams, type ZodTypeProvider } from '../../route-schema';
import type { DevicesDeps } from './devices.service';
import { bulkCreateDevices, importDevices, previewImport } from './devices-import.service';

const tags = ['Devices'];
const params = idParams('Property not found');

/** A 5,000-row file as JSON is a few megabytes; only the import's two routes accept that much. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

const importRejectedResponse = z.object({
  message: z.string(),
  code: z.literal('VALIDATION_FAILED'),
  /** The same sentence, as the devices contract names it. */
  error: z.string(),
  rows: deviceImportPreviewResponse.shape.rows,
});

/** Adding devices several at once and from a spreadsheet (issue 32 §1). */
export async function devicesImportRoutes(app: FastifyInstance, deps: DevicesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/properties/:id/devices/bulk',
    {
      config: idempotent,
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Add several devices alike',
        description: '"8 dry chemical 5 lb extinguishers on floor 3": count devices with the same facts, each with a tag made for it.',
        params,
        body: bulkCreateDevicesSchema,
        response: { 201: z.array(deviceResponse) },
      },
    },
    async (request, reply) => reply.status(201).send(await bulkCreateDevices(deps, requireAccount(request), request.params.id, request.body)),
  );

  // The preview changes nothing; it is a POST only for its body.
  api.post(
    '/api/properties/:id/devices/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Check a device import',
        description: 'Each row ok, invalid (with its problems) or duplicate (same tag or serial number in the file or already in the organisation); imports nothing.',
        params,
        body: deviceImportSchema,
        response: { 200: deviceImportPreviewResponse },
      },
    },
    async (request) => previewImport(deps, requireAccount(request), request.params.id, request.body.rows),
  );

  api.post(
    '/api/properties/:id/devices/import',
    {
      config: idempotent,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Import devices',
        description: 'All or nothing, in one transaction: when any row is invalid or a duplicate, 422 with those rows and nothing imported.',
        params,
        body: deviceImportSchema,
        response: { 201: z.object({ imported: z.number().int().min(0), devices: z.array(deviceResponse) }), 422: importRejectedResponse },
      },
    },
    async (request, reply) => {
      const outcome = await importDevices(deps, requireAccount(request), request.params.id, request.body.rows);
      if (!outcome.imported) return reply.status(422).send({ message: outcome.message, code: 'VALIDATION_FAILED' as const, error: outcome.message, rows: outcome.rows });
      return reply.status(201).send({ imported: outcome.devices.length, devices: outcome.devices });
    },
  );
}
