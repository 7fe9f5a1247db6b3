import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mailConsentInfoResponse, mailTokenSchema, managerMailResponse } from '@shared/schemas/mail-consent';
import { requireAccount } from '../../plugins/auth';
import { idParams, type ZodTypeProvider } from '../../route-schema';
import { parse } from '../../validation';
import * as consent from './mail-consent.service';
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from './one-click';

/** The form body of RFC 8058's one-click POST is small; nothing else here takes a form. */
const FORM_BODY_LIMIT = 1024;

const tags = ['Manager e-mail'];
const fromMail = 'For the person who got a Firemark e-mail: the token of its link is the key, no sign-in.';

/** One-click sends the token in the URL and "List-Unsubscribe=One-Click" as a form; the page sends it as JSON. */
const oneClickQuery = mailTokenSchema.partial();
const oneClickBody = mailTokenSchema.partial().extend({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export async function mailConsentRoutes(app: FastifyInstance, deps: consent.MailConsentDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Encapsulated: only the routes of this plugin parse forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const publicDoc = (summary: string) => ({ tags, summary, description: fromMail, public: true });

  api.get('/api/mail/consent', { schema: { ...publicDoc('Read an e-mail consent'), querystring: mailTokenSchema, response: { 200: mailConsentInfoResponse } } }, async (request) =>
    consent.consentInfo(deps, request.query.token),
  );

  api.post('/api/mail/confirm', { schema: { ...publicDoc('Agree to e-mail'), body: mailTokenSchema, response: { 200: mailConsentInfoResponse } } }, async (request) =>
    consent.confirmConsent(deps, request.body.token),
  );

  api.post(
    ONE_CLICK_UNSUBSCRIBE_ROUTE,
    { schema: { ...publicDoc('Unsubscribe from e-mail'), querystring: oneClickQuery, body: oneClickBody, response: { 200: mailConsentInfoResponse } } },
    async (request) => {
      // RFC 8058 puts the token in the URL; the unsubscribe page sends it in the body.
      const { token } = parse(mailTokenSchema, { token: request.query.token ?? request.body.token });
      return consent.unsubscribe(deps, token);
    },
  );

  // A mail program that opens the List-Unsubscribe URL in a browser lands on the page, which
  // acts only on a button press: link scanners fetch GETs.
  api.get(
    ONE_CLICK_UNSUBSCRIBE_ROUTE,
    { schema: { ...publicDoc('Open the unsubscribe page'), querystring: mailTokenSchema, response: { 303: z.never().describe('To the unsubscribe page') } } },
    async (request, reply) => reply.redirect(`/mail/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  api.get(
    '/api/properties/:id/manager-mail',
    { schema: { tags, summary: "Get a property's manager e-mail state", params: idParams('Property not found'), response: { 200: managerMailResponse } } },
    async (request) => consent.managerMailOf(deps, requireAccount(request), request.params.id),
  );

  api.post(
    '/api/properties/:id/manager-mail/invitation',
    { schema: { permission: 'properties.edit', tags, summary: 'Invite the manager to e-mail', params: idParams('Property not found'), response: { 200: managerMailResponse } } },
    async (request) => consent.sendInvitation(deps, requireAccount(request), request.params.id),
  );
}
