import type { FastifyInstance } from 'fastify';
import { mailTokenSchema } from '@shared/schemas/mail-consent';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as consent from './mail-consent.service';
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from './one-click';

/** The form body of RFC 8058's one-click POST is small; nothing else here takes a form. */
const FORM_BODY_LIMIT = 1024;

export async function mailConsentRoutes(app: FastifyInstance, deps: consent.MailConsentDeps): Promise<void> {
  // Encapsulated: only the routes of this plugin parse forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Public: the person holding a link from a Firemark mail, signed in or not.
  app.get('/api/mail/consent', async (request) => consent.consentInfo(deps, parse(mailTokenSchema, request.query).token));

  app.post('/api/mail/confirm', async (request) => consent.confirmConsent(deps, parse(mailTokenSchema, request.body).token));

  app.post(ONE_CLICK_UNSUBSCRIBE_ROUTE, async (request) => {
    // The token is in the URL for one-click (the body is "List-Unsubscribe=One-Click"), in
    // the JSON body when the unsubscribe page sends it.
    const query = (request.query ?? {}) as { token?: unknown };
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { token?: unknown };
    const { token } = parse(mailTokenSchema, { token: query.token ?? body.token });
    return consent.unsubscribe(deps, token);
  });

  // A mail program that opens the List-Unsubscribe URL in a browser lands on the page, which
  // acts only on a button press: link scanners fetch GETs.
  app.get(ONE_CLICK_UNSUBSCRIBE_ROUTE, async (request, reply) => {
    const { token } = parse(mailTokenSchema, request.query);
    return reply.redirect(`/mail/unsubscribe?token=${encodeURIComponent(token)}`, 303);
  });

  app.get('/api/properties/:id/manager-mail', async (request) => {
    const account = requireAccount(request);
    return consent.managerMailOf(deps, account, parseId(request.params, 'Property not found'));
  });

  app.post('/api/properties/:id/manager-mail/invitation', async (request) => {
    const account = requireAccount(request);
    return consent.sendInvitation(deps, account, parseId(request.params, 'Property not found'));
  });
}
