import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  finishWalkthroughResponse,
  finishWalkthroughSchema,
  startWalkthroughSchema,
  walkthroughResponse,
  walkthroughSummaryResponse,
  walkthroughTapResponse,
  walkthroughTapSchema,
} from '@shared/schemas/walkthrough';
import { assertCan } from '../../access';
import { requireAccount } from '../../plugins/auth';
import { idParams, noContent, notFoundParams, recordId, type ZodTypeProvider } from '../../route-schema';
import * as walkthroughs from './walkthroughs.service';
import { idempotent } from '../../plugins/idempotency';

const tags = ['Walk-throughs'];
const params = idParams('Walk-through not found');
const deviceParams = notFoundParams(z.object({ id: recordId, deviceId: recordId }), 'Walk-through or device not found');

export async function walkthroughsRoutes(app: FastifyInstance, deps: walkthroughs.WalkthroughsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/properties/:id/walkthroughs',
    {
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Start or resume a walk-through',
        description:
          'Starts the walk of one activity (a requirement of the property with devices), or resumes its open walk, whoever started it (200). A new walk (201) records the activity\'s open inspection, now in progress, or one opened for it due today; an open walk\'s inspection does not count against the Free plan\'s open inspection.',
        params: idParams('Property not found'),
        body: startWalkthroughSchema,
        response: { 200: walkthroughResponse, 201: walkthroughResponse },
      },
    },
    async (request, reply) => {
      const { walkthrough, created } = await walkthroughs.startWalkthrough(deps, requireAccount(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(walkthrough);
    },
  );

  api.get(
    '/api/properties/:id/walkthroughs',
    { schema: { tags, summary: "List a property's open walk-throughs", params: idParams('Property not found'), response: { 200: z.array(walkthroughSummaryResponse) } } },
    async (request) => walkthroughs.listOpenWalkthroughs(deps, requireAccount(request), request.params.id),
  );

  api.get(
    '/api/walkthroughs/:id',
    {
      schema: {
        tags,
        summary: 'Get a walk-through',
        description: 'Its devices in walking order (building, floor, walk order), each with its tap, the activity\'s checklist with its source, and the progress.',
        params,
        response: { 200: walkthroughResponse },
      },
    },
    async (request) => walkthroughs.getWalkthrough(deps, requireAccount(request), request.params.id),
  );

  api.put(
    '/api/walkthroughs/:id/results/:deviceId',
    {
      config: idempotent,
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Record a device on a walk-through',
        description:
          'Pass, Fail or Not accessible. `clientId` is the id the app made for the tap, new for each tap: sent again, even after a later tap on the device, the device\'s tap as it stands is answered and nothing is applied twice (409 when it was cleared since, or when the id was used for another device or elsewhere). A Fail (which needs the permission to record deficiencies) opens a deficiency on the walk\'s inspection naming the device; add its photos with POST /api/deficiencies/{id}/photos. A later tap replaces the earlier one; a Fail changed to Pass removes the deficiency it opened while that is open.',
        params: deviceParams,
        body: walkthroughTapSchema,
        response: { 200: walkthroughTapResponse },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      if (request.body.result === 'fail') assertCan(account, 'deficiencies.record');
      return walkthroughs.recordTap(deps, account, request.params.id, request.params.deviceId, request.body);
    },
  );

  api.delete(
    '/api/walkthroughs/:id/results/:deviceId',
    {
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: "Clear a device's tap",
        description: 'The device is not reached until tapped again; the deficiency of a Fail goes with it while it is open.',
        params: deviceParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await walkthroughs.clearTap(deps, requireAccount(request), request.params.id, request.params.deviceId);
      return reply.status(204).send(undefined);
    },
  );

  api.post(
    '/api/walkthroughs/:id/finish',
    {
      config: idempotent,
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Finish a walk-through',
        description:
          'Completes the walk\'s inspection with one attestation: non-compliant when any device failed, its notes listing what did not pass; schedules the next one as any completion does. Devices reached with a Pass or a Fail have that activity done on the completion day; devices not reached, or not accessible, stay due. Finishing again answers the same.',
        params,
        body: finishWalkthroughSchema,
        response: { 200: finishWalkthroughResponse },
      },
    },
    async (request) => walkthroughs.finishWalkthrough(deps, requireAccount(request), request.params.id, request.body),
  );
}
