import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createDeviceSchema,
  deviceHistoryEntryResponse,
  deviceListQuerySchema,
  deviceRequirementResponse,
  deviceResponse,
  updateDeviceSchema,
} from '@shared/schemas/device';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { requireAccount } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { idParams, noContent, notFoundParams, type ZodTypeProvider } from '../../route-schema';
import * as devices from './devices.service';
import { deviceHistory, deviceRequirements } from './device-records.service';

const tags = ['Devices'];
const propertyParams = idParams('Property not found');
const deviceParams = idParams('Device not found');
const tagParams = notFoundParams(z.object({ tag: z.string().min(1).max(40) }), 'Device not found');

/** Devices of a property's safety items (issue 32): each with its tag, clocks and history. */
export async function devicesRoutes(app: FastifyInstance, deps: devices.DevicesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties/:id/devices',
    {
      schema: {
        tags,
        summary: "List a property's devices",
        description: 'In walking order: safety item, building, floor, the order they were added. The total is in X-Total-Count.',
        params: propertyParams,
        querystring: deviceListQuerySchema,
        response: { 200: z.array(deviceResponse) },
      },
    },
    async (request, reply) => {
      const list = await devices.listPropertyDevices(deps, requireAccount(request), request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(list.length));
      return list;
    },
  );

  api.post(
    '/api/properties/:id/devices',
    {
      config: idempotent,
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Add a device',
        description:
          'Adds one device to a safety item of the property (the item is added first if the property lacks it). A tag is made when none is given; a tag in use is refused. Its requirements follow from the library by type and subtype.',
        params: propertyParams,
        body: createDeviceSchema,
        response: { 201: deviceResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await devices.createDevice(deps, requireAccount(request), request.params.id, request.body)),
  );

  api.get(
    '/api/devices/by-tag/:tag',
    { schema: { tags, summary: 'Find a device by its tag', description: 'The device a label names, if the caller may see it; otherwise 404.', params: tagParams, response: { 200: deviceResponse } } },
    async (request) => devices.getDeviceByTag(deps, requireAccount(request), request.params.tag),
  );

  api.get(
    '/api/devices/:id',
    { schema: { tags, summary: 'Get a device', params: deviceParams, response: { 200: deviceResponse } } },
    async (request) => devices.getDevice(deps, requireAccount(request), request.params.id),
  );

  api.put(
    '/api/devices/:id',
    {
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Edit a device',
        description: 'Changes the fields given. Out of service needs a reason and makes its safety item non-compliant until it is back in service or replaced; replaced names the device that took its place.',
        params: deviceParams,
        body: updateDeviceSchema,
        response: { 200: deviceResponse },
      },
    },
    async (request) => devices.updateDevice(deps, requireAccount(request), request.params.id, request.body),
  );

  api.delete(
    '/api/devices/:id',
    {
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Delete a device',
        description: 'For a device entered by mistake. One with inspection history (walk-through results or deficiencies) is refused with 409: mark it removed instead.',
        params: deviceParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await devices.deleteDevice(deps, requireAccount(request), request.params.id);
      return reply.status(204).send(undefined);
    },
  );

  api.get(
    '/api/devices/:id/requirements',
    { schema: { tags, summary: "List a device's requirements", description: 'Its own clocks: last and next dates of each activity that applies to it.', params: deviceParams, response: { 200: z.array(deviceRequirementResponse) } } },
    async (request) => deviceRequirements(deps, requireAccount(request), request.params.id),
  );

  api.get(
    '/api/devices/:id/history',
    { schema: { tags, summary: "A device's history", description: 'Walk-through results, deficiencies with photos, and status changes, newest first.', params: deviceParams, response: { 200: z.array(deviceHistoryEntryResponse) } } },
    async (request) => deviceHistory(deps, requireAccount(request), request.params.id),
  );
}
