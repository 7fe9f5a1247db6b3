import type pg from 'pg';
import type { Account } from '../../account';
import {
  STOPPED_BY_REVOCATION,
  WEBHOOK_ENDPOINT_LIMIT,
  type WebhookValues,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@shared/schemas/webhook';
import { ERROR_CODES } from '@shared/api-error';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound, validationFailed } from '../../errors';
import { RefusedAddressError, resolvePublic, type WebhookNetwork } from './address-check';
import { sendPing } from './deliver';
import { newWebhookSecret } from './signature';
import { lockAccountForLimits } from '../subscription/subscription.service';
import * as q from './webhooks.queries';

export interface WebhooksDeps {
  db: Db;
  pool: pg.Pool;
  /** Test-only: lets a receiver on 127.0.0.1 be registered and called. */
  webhookNetwork?: WebhookNetwork;
}

const endpointNotFound = () => notFound('Webhook not found');

const toEndpoint = ({ endpoint: row, token }: q.EndpointView): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description ?? '',
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  failingSince: row.failingSince?.toISOString() ?? null,
  consecutiveFailures: row.consecutiveFailures,
  createdByToken: token ? { id: token.id, name: token.name, prefix: token.prefix, revoked: token.revokedAt !== null } : null,
  // Off and made by a revoked token: the revocation stopped it (it may have been off before too).
  stoppedReason: !row.enabled && token?.revokedAt ? STOPPED_BY_REVOCATION : null,
  createdAt: row.createdAt.toISOString(),
});

/** The endpoint as the API shows it, read again after a write (with the token it was made with). */
async function viewOf(db: DbOrTx, accountId: number, id: number): Promise<WebhookEndpoint> {
  const view = await q.findEndpointView(db, accountId, id);
  if (!view) throw endpointNotFound();
  return toEndpoint(view);
}

const toDelivery = (row: q.DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventType: row.eventType as WebhookDelivery['eventType'],
  eventId: row.eventId,
  attempts: row.attempts,
  status: row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending',
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The address must be https and resolve to public addresses only, now as at every delivery. */
async function checkPublic(deps: WebhooksDeps, input: WebhookValues): Promise<void> {
  try {
    await resolvePublic(new URL(input.url), deps.webhookNetwork);
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    const message = error.message.startsWith('Only https')
      ? 'Enter an https:// address, e.g. https://example.com/firemark'
      : `${error.message}. Enter the public address of your receiver.`;
    throw validationFailed({ url: [message] });
  }
}

export async function listWebhooks(deps: WebhooksDeps, account: Account): Promise<WebhookEndpoint[]> {
  return (await q.listEndpoints(deps.db, account.id)).map(toEndpoint);
}

/**
 * `madeWithTokenId`: the personal API token of the request, if it came with one; revoking
 * that token stops the webhook (stopWebhooksMadeBy).
 */
export async function createWebhook(deps: WebhooksDeps, account: Account, input: WebhookValues, madeWithTokenId: number | null = null): Promise<WebhookEndpointWithSecret> {
  await checkPublic(deps, input);
  return withTransaction(deps.pool, async ({ db }) => {
    await lockAccountForLimits(db, account.id);
    if ((await q.countEndpoints(db, account.id)) >= WEBHOOK_ENDPOINT_LIMIT) {
      throw new AppError(ERROR_CODES.planLimit, `An account can have at most ${WEBHOOK_ENDPOINT_LIMIT} webhooks. Delete one you no longer use to add another.`);
    }
    const row = await q.insertEndpoint(db, {
      organizationId: account.id,
      url: input.url,
      description: input.description || null,
      events: input.events,
      enabled: input.enabled,
      secret: newWebhookSecret(),
      createdByTokenId: madeWithTokenId,
    });
    return { ...(await viewOf(db, account.id, row.id)), secret: row.secret };
  });
}

/**
 * A token that changes a webhook (or learns its secret, below) takes it over: it could have
 * pointed it at its own address, so revoking that token must stop it like one it made.
 */
const takenOverBy = (tokenId: number | null) => (tokenId === null ? {} : { createdByTokenId: tokenId });

export async function updateWebhook(deps: WebhooksDeps, account: Account, id: number, input: WebhookValues, changedWithTokenId: number | null = null): Promise<WebhookEndpoint> {
  if (!(await q.findEndpoint(deps.db, account.id, id))) throw endpointNotFound();
  await checkPublic(deps, input);
  const row = await q.updateEndpoint(deps.db, account.id, id, {
    url: input.url,
    description: input.description || null,
    events: input.events,
    enabled: input.enabled,
    ...takenOverBy(changedWithTokenId),
  });
  if (!row) throw endpointNotFound();
  return viewOf(deps.db, account.id, row.id);
}

export async function deleteWebhook(deps: WebhooksDeps, account: Account, id: number): Promise<void> {
  if (!(await q.deleteEndpoint(deps.db, account.id, id))) throw endpointNotFound();
}

/** A new secret; deliveries are signed with it from now on, and it is shown this once. */
export async function rotateSecret(deps: WebhooksDeps, account: Account, id: number, changedWithTokenId: number | null = null): Promise<WebhookEndpointWithSecret> {
  const row = await q.updateEndpoint(deps.db, account.id, id, { secret: newWebhookSecret(), ...takenOverBy(changedWithTokenId) });
  if (!row) throw endpointNotFound();
  return { ...(await viewOf(deps.db, account.id, row.id)), secret: row.secret };
}

export async function testWebhook(deps: WebhooksDeps, account: Account, id: number): Promise<WebhookDelivery> {
  const endpoint = await q.findEndpoint(deps.db, account.id, id);
  if (!endpoint) throw endpointNotFound();
  return toDelivery(await sendPing({ pool: deps.pool, network: deps.webhookNetwork }, endpoint));
}

export async function listDeliveries(deps: WebhooksDeps, account: Account, id: number): Promise<WebhookDelivery[]> {
  if (!(await q.findEndpoint(deps.db, account.id, id))) throw endpointNotFound();
  return (await q.recentDeliveries(deps.db, id)).map(toDelivery);
}

/**
 * Part of revoking personal API tokens (api-tokens.service.ts), in its transaction: the
 * webhooks those tokens made are turned off with a visible reason, and what they still had
 * waiting is given up, so nothing is posted for them after the revocation commits.
 */
export async function stopWebhooksMadeBy(db: DbOrTx, accountId: number, tokenIds: number[], now: Date): Promise<number[]> {
  return q.stopEndpointsMadeBy(db, accountId, tokenIds, now, STOPPED_BY_REVOCATION);
}
