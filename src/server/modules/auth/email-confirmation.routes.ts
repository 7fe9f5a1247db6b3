import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { confirmEmailSchema } from '@shared/schemas/auth';
import { requireUser } from '../../plugins/auth';
import { parse } from '../../validation';
import * as confirmation from './email-confirmation.service';

export async function emailConfirmationRoutes(
  app: FastifyInstance,
  deps: confirmation.ConfirmationDeps,
  perClient: (name: string) => preHandlerAsyncHookHandler,
): Promise<void> {
  // Public: the link may be opened in a browser that is not signed in. The /confirm-email
  // page posts the token when the person asks, so a mail scanner fetching the link confirms nothing.
  app.post('/api/auth/confirm-email', { preHandler: perClient('confirm-email') }, async (request) => {
    const { token } = parse(confirmEmailSchema, request.body);
    await confirmation.confirmEmail(deps, token);
    return { message: 'Your e-mail address is confirmed.' };
  });

  // Limited per account in the database (CONFIRMATIONS_PER_HOUR), so every instance counts alike.
  app.post('/api/auth/resend-confirmation', async (request) => {
    const user = requireUser(request);
    return confirmation.resendConfirmation(deps, user);
  });
}
