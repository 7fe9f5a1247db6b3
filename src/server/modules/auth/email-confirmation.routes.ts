import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { confirmEmailSchema } from '@shared/schemas/auth';
import { requireUser } from '../../plugins/auth';
import { messageResponse, type ZodTypeProvider } from '../../route-schema';
import * as confirmation from './email-confirmation.service';

export async function emailConfirmationRoutes(
  app: FastifyInstance,
  deps: confirmation.ConfirmationDeps,
  perClient: (name: string) => preValidationAsyncHookHandler,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Public: the link may be opened in a browser that is not signed in. The /confirm-email
  // page posts the token when the person asks, so a mail scanner fetching the link confirms nothing.
  api.post(
    '/api/auth/confirm-email',
    { preValidation: perClient('confirm-email'), schema: { tags: ['Account'], summary: 'Confirm the e-mail address', public: true, body: confirmEmailSchema, response: { 200: messageResponse } } },
    async (request) => {
      await confirmation.confirmEmail(deps, request.body.token);
      return { message: 'Your e-mail address is confirmed.' };
    },
  );

  // Limited per account in the database (CONFIRMATIONS_PER_HOUR), so every instance counts alike.
  api.post(
    '/api/auth/resend-confirmation',
    {
      schema: {
        tags: ['Account'],
        summary: 'Send the confirmation e-mail again',
        description: 'For a signed-in browser: an API token is refused here (403).',
        response: { 200: z.object({ success: z.literal(true), to: z.string() }) },
      },
    },
    async (request) => confirmation.resendConfirmation(deps, requireUser(request)),
  );
}
