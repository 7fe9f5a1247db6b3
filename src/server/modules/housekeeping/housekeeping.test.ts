import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { pruneExpired } from './housekeeping.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const NOW = new Date('2026-11-20T03:17:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('daily housekeeping', () => {
  it('deletes only what can no longer be used, and keeps the session in use working', async () => {
    const s = await ctx.signedIn();
    const q = (text: string, values: unknown[]) => ctx.runtime.pool.query(text, values);
    const id = s.user.id;
    for (const [hash, expires] of [['old-session', daysBefore(2)], ['just-expired-session', daysBefore(0.5)], ['live-session', daysBefore(-30)]]) {
      await q(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)`, [hash, id, expires]);
    }
    for (const [hash, expires] of [['old-reset', daysBefore(8)], ['recent-reset', daysBefore(6)]]) {
      await q(`insert into password_reset_tokens (user_id, token_hash, expires_at) values ($1, $2, $3)`, [id, hash, expires]);
      await q(`insert into email_confirmation_tokens (user_id, email, token_hash, expires_at) values ($1, 'a@example.com', $2, $3)`, [id, `c-${hash}`, expires]);
    }
    const consent = await q(`insert into mail_consents (organization_id, address) values ($1, 'manager@example.com') returning id`, [id]);
    for (const [hash, created] of [['old-consent', daysBefore(366)], ['recent-consent', daysBefore(364)]]) {
      await q(`insert into mail_consent_tokens (token_hash, consent_id, created_at) values ($1, $2, $3)`, [hash, consent.rows[0].id, created]);
    }
    for (const [eventId, received] of [['evt_old', daysBefore(31)], ['evt_recent', daysBefore(29)]]) {
      await q(`insert into stripe_events (id, type, created_at, received_at) values ($1, 'invoice.paid', $2, $2)`, [eventId, received]);
    }
    for (const [key, created] of [['old-key', daysBefore(31)], ['recent-key', daysBefore(29)]]) {
      await q(`insert into idempotency_keys (user_id, key, operation, request_hash, created_at) values ($1, $2, 'POST /api/properties', 'h', $3)`, [id, key, created]);
    }

    expect(await pruneExpired(ctx.runtime.db, NOW)).toEqual({
      sessions: 1,
      passwordResetTokens: 1,
      emailConfirmationTokens: 1,
      mailConsentTokens: 1,
      stripeEvents: 1,
      idempotencyKeys: 1,
    });
    const left = async (table: string, column: string) =>
      (await q(`select ${column} as v from ${table} where ${column} like any($1) order by 1`, [['%session', '%reset', 'evt_%', '%consent']])).rows.map((r) => r.v);
    expect(await left('sessions', 'token_hash')).toEqual(['just-expired-session', 'live-session']);
    expect(await left('password_reset_tokens', 'token_hash')).toEqual(['recent-reset']);
    expect(await left('email_confirmation_tokens', 'token_hash')).toEqual(['c-recent-reset']);
    expect(await left('mail_consent_tokens', 'token_hash')).toEqual(['recent-consent']);
    expect(await left('stripe_events', 'id')).toEqual(['evt_recent']);
    expect((await q(`select key from idempotency_keys where user_id = $1`, [id])).rows.map((r) => r.key)).toEqual(['recent-key']);
    // The signed-in session's own row was not touched.
    expect((await s.agent.get('/api/auth/me')).statusCode).toBe(200);
  });
});
