import type { FastifyInstance } from 'fastify';
import { unappliedChangeResponse, unappliedChangeSchema } from '@shared/schemas/offline';
import { requireAccount } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../route-schema';
import * as offline from './offline.service';
import { idempotent } from '../../plugins/idempotency';

const tags = ['Offline'];

export async function offlineRoutes(app: FastifyInstance, deps: offline.OfflineDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Whoever may record a result or a deficiency (inspections.complete: every role that records
  // anything has it) may report what they recorded; a viewer recorded nothing.
  api.post(
    '/api/offline/unapplied',
    {
      // Kept once by its changeId in any case; a key is taken too, as the outbox sends one with every change.
      config: idempotent,
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Keep a change that could not be applied',
        description:
          'A change recorded on a device without signal whose record was deleted before it arrived (it answered 404): kept in the property\'s and the organisation\'s history as "Recorded offline but not applied: <label> (it had been deleted)", with what was recorded (at most 20 KB). Sent again with the same changeId, it is kept once and answers the same id. A property out of reach is 404.',
        body: unappliedChangeSchema,
        response: { 201: unappliedChangeResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await offline.keepUnapplied(deps, requireAccount(request), request.body)),
  );
}
