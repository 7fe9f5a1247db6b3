import { assertCan } from '../../access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  completeInspectionSchema,
  inspectionEditSchema,
  inspectionListQuerySchema,
  inspectionResponse,
  inspectionSchema,
  inspectionUpdateResultResponse,
  inspectionUpdateSchema,
  reminderLogResponse,
  rescheduleSchema,
} from '@shared/schemas/inspection';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { activityReviewItemResponse, activityReviewQuerySchema } from '@shared/schemas/activity-review';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { requireAccount } from '../../plugins/auth';
import { sendJsonBytes } from '../../plugins/compression';
import { documentedAs, idParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import { assertPropertyExists } from '../properties/properties.service';
import type { InspectionFilter } from './inspections.queries';
import * as inspections from './inspections.service';
import { idempotent, keptEdit } from '../../plugins/idempotency';
import { ifMatchOf } from '../../if-match';

const tags = ['Inspections'];
const params = idParams('Inspection not found');
const list = { querystring: inspectionListQuerySchema, response: { 200: z.array(inspectionResponse) } };

/** SPEC's three bodies, told apart by their fields (inspectionUpdateKind); the reference shows all three. */
const updateBody = documentedAs(inspectionUpdateSchema, z.union([completeInspectionSchema, rescheduleSchema, inspectionEditSchema]));

export async function inspectionsRoutes(app: FastifyInstance, deps: inspections.InspectionsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const respondWithList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    filter: z.output<typeof inspectionListQuerySchema>,
    scope: Partial<InspectionFilter>,
  ) => {
    const page = await inspections.listInspections(deps, requireAccount(request), { ...filter, ...scope });
    reply.header(TOTAL_COUNT_HEADER, String(page.total));
    return sendJsonBytes(request, reply, page);
  };

  api.get('/api/inspections', { schema: { tags, summary: 'List inspections', ...list } }, (request, reply) =>
    respondWithList(request, reply, request.query, {}),
  );
  api.get(
    '/api/inspections/upcoming',
    { schema: { tags, summary: 'List upcoming inspections', description: 'Open inspections due in the next 30 days, and overdue ones.', ...list } },
    (request, reply) => respondWithList(request, reply, request.query, { upcoming: true }),
  );
  api.get(
    '/api/properties/:id/inspections',
    { schema: { tags, summary: "List a property's inspections", params: idParams('Property not found'), ...list } },
    async (request, reply) => {
      const account = requireAccount(request);
      await assertPropertyExists(deps, account, request.params.id);
      return respondWithList(request, reply, request.query, { propertyId: request.params.id });
    },
  );

  api.get(
    '/api/inspections/activity-review',
    {
      schema: {
        tags,
        summary: 'List completions whose activity is not stated or assumed',
        description:
          'Completed inspections of a type with more than one active requirement at their property whose activity was not stated (they count for the principal requirement) or assumed (mapped to it when requirements began), newest first, with the activities to choose from. Name the right one, or confirm the one it counts for, with `PUT /api/inspections/{id}` and `{ "requirementId": ... }`. The total is in X-Total-Count.',
        querystring: activityReviewQuerySchema,
        response: { 200: z.array(activityReviewItemResponse) },
      },
    },
    async (request, reply) => {
      const { items, total } = await inspections.activityReview(deps, requireAccount(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  api.post('/api/inspections', { config: idempotent, schema: { permission: 'inspections.schedule', tags, summary: 'Schedule an inspection', body: inspectionSchema, response: { 201: inspectionResponse } } }, async (request, reply) =>
    reply.status(201).send(await inspections.scheduleInspection(deps, requireAccount(request), request.body)),
  );

  api.get('/api/inspections/:id', { schema: { tags, summary: 'Get an inspection', params, response: { 200: inspectionResponse } } }, async (request) =>
    inspections.getInspection(deps, requireAccount(request), request.params.id),
  );

  // Each change answers with the token that undoes it, in a header: SPEC's bodies stay as they are.
  api.put(
    '/api/inspections/:id',
    {
      config: keptEdit,
      schema: {
        permission: 'inspections.complete',
        tags,
        summary: 'Complete, reschedule or edit an inspection',
        description: `\`status: "completed"\` completes it; a \`rescheduleReason\`, or a \`dueDate\` alone, reschedules it; anything else edits it. The \`${UNDO_TOKEN_HEADER}\` header of the answer undoes the change. A reschedule or edit sent with \`If-Match: <updatedAt>\` (the \`updatedAt\` of the copy it was made from) is refused with 412 \`changed_elsewhere\` and the inspection as it stands (\`current\`) when someone changed it since; nothing is applied. A completion with a result sent with an Idempotency-Key whose inspection was completed meanwhile is kept as another completed inspection of the same property and activity (\`addedAsInspectionId\`), so both results stand (docs/offline.md).`,
        params,
        body: updateBody,
        response: { 200: inspectionUpdateResultResponse },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const id = request.params.id;
      const update = request.body;
      // Completing is an inspector's work too; moving or editing one is not.
      if (update.kind !== 'complete') assertCan(account, 'inspections.schedule');
      const kept = { ifMatch: ifMatchOf(request), resultsAdded: request.idempotent !== null };
      const { inspection, undoToken } =
        update.kind === 'complete'
          ? await inspections.completeInspection(deps, account, id, update.values, kept)
          : update.kind === 'reschedule'
            ? await inspections.rescheduleInspection(deps, account, id, update.values, kept)
            : await inspections.editInspection(deps, account, id, update.values, kept);
      if (undoToken) reply.header(UNDO_TOKEN_HEADER, undoToken);
      return inspection;
    },
  );

  api.delete('/api/inspections/:id', { schema: { permission: 'inspections.delete', tags, summary: 'Delete an inspection', description: `The \`${UNDO_TOKEN_HEADER}\` header of the answer undoes it. One a finished walk-through recorded is refused with 409: its devices' history and dates come from it, so correct its result or notes instead.`, params, response: { 200: successResponse } } }, async (request, reply) => {
    const { undoToken } = await inspections.deleteInspection(deps, requireAccount(request), request.params.id);
    reply.header(UNDO_TOKEN_HEADER, undoToken);
    return { success: true as const };
  });

  api.get(
    '/api/inspections/:id/reminder-logs',
    { schema: { tags, summary: "List an inspection's reminders", params, response: { 200: z.array(reminderLogResponse) } } },
    async (request) => inspections.reminderLogs(deps, requireAccount(request), request.params.id),
  );
}
