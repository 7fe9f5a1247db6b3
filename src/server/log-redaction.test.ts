import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { REDACTED, redactUrl } from './log-redaction';
import { createTestContext, type TestContext } from './testing/test-app';

describe('redactUrl', () => {
  it('redacts token, key and signature values in the query, keeping the rest', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe(`/reset-password?token=${REDACTED}`);
    expect(redactUrl('/confirm-email?token=abc&next=%2Fsettings')).toBe(`/confirm-email?token=${REDACTED}&next=%2Fsettings`);
    expect(redactUrl('/api/mail/unsubscribe?token=abc')).toBe(`/api/mail/unsubscribe?token=${REDACTED}`);
    expect(redactUrl('/x?key=k1&signature=s1&sig=s2&access_token=a&api-key=b&page=2')).toBe(
      `/x?key=${REDACTED}&signature=${REDACTED}&sig=${REDACTED}&access_token=${REDACTED}&api-key=${REDACTED}&page=2`,
    );
    // Any case, an encoded name, a repeated parameter.
    expect(redactUrl('/x?TOKEN=a&%74oken=b&token=c')).toBe(`/x?TOKEN=${REDACTED}&%74oken=${REDACTED}&token=${REDACTED}`);
    expect(redactUrl('/api/properties?status=non_compliant&tokenish=1')).toBe('/api/properties?status=non_compliant&tokenish=1');
  });

  it('redacts secrets in the path: calendar links, reset links being checked, undo tokens', () => {
    expect(redactUrl('/api/calendar/AbC_-123.ics')).toBe(`/api/calendar/${REDACTED}.ics`);
    expect(redactUrl('/api/calendar/AbC_-123.ics?x=1')).toBe(`/api/calendar/${REDACTED}.ics?x=1`);
    expect(redactUrl('/api/auth/validate-reset-token/secret-value')).toBe(`/api/auth/validate-reset-token/${REDACTED}`);
    expect(redactUrl('/api/undo/secret-value')).toBe(`/api/undo/${REDACTED}`);
    expect(redactUrl('/invitations/secret-value')).toBe(`/invitations/${REDACTED}`);
    expect(redactUrl('/api/invitations/secret-value/accept')).toBe(`/api/invitations/${REDACTED}`);
    expect(redactUrl('/api/organizations/current/invitations/12/resend')).toBe('/api/organizations/current/invitations/12/resend');
    expect(redactUrl('/api/calendar-feed')).toBe('/api/calendar-feed');
  });

  it('copes with malformed input and drops a fragment', () => {
    expect(redactUrl('/x?token=%E0%A4%A&%zz=1')).toBe(`/x?token=${REDACTED}&%zz=1`);
    expect(redactUrl('/x?token')).toBe('/x?token');
    expect(redactUrl('/reset-password#token=abc')).toBe('/reset-password');
    expect(redactUrl('/x?a=1&&token=')).toBe(`/x?a=1&&token=${REDACTED}`);
  });
});

describe('the request log', () => {
  let ctx: TestContext;
  let logged: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    logged = await buildApp(ctx.runtime, { serveClient: false, logger: { level: 'info', stream } });
    await logged.ready();
  });
  afterAll(async () => {
    await logged.close();
    await ctx.close();
  });

  it('never writes a calendar link or a reset token', async () => {
    const { agent } = await ctx.signedIn();
    const feed = new URL((await agent.get('/api/calendar-feed')).json().url).pathname;
    const calendarToken = /\/api\/calendar\/(.+)\.ics$/.exec(feed)![1]!;
    const resetToken = 'reset-token-that-must-not-be-logged-1234567890';

    expect((await logged.inject({ method: 'GET', url: feed })).statusCode).toBe(200);
    expect((await logged.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${resetToken}` })).json()).toEqual({ valid: false });
    await logged.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });

    const log = lines.join('');
    expect(log).toContain('/api/calendar/[redacted].ics');
    expect(log).toContain('/api/auth/validate-reset-token/[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).not.toContain(calendarToken);
    expect(log).not.toContain(resetToken);
  });
});
