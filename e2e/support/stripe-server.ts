import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { databaseUrl } from '../../src/server/testing/database-url';
import { startFakeStripe, type FakeStripe } from '../../src/server/testing/fake-stripe/fake-stripe';
import { suiteDatabaseUrl } from '../fixtures';
import { FAKE_STRIPE_JS } from './fake-stripe-js';

export interface StripeServer {
  url: string;
  stripe: FakeStripe;
  /** Every request the page made to js.stripe.com. */
  stripeJsRequests: string[];
  /** Serves the stand-in Stripe.js and answers its calls with the fake Stripe; no network. */
  routeStripe(page: Page): Promise<void>;
  close(): Promise<void>;
}

/**
 * A second Firemark, built like the suite's but billing through Stripe, whose Stripe is the
 * fake on loopback: its own database on the suite's PostgreSQL, its own port. Webhooks from
 * the fake reach it over HTTP, signed, as Stripe's do.
 */
export async function startStripeServer(): Promise<StripeServer> {
  const stripe = await startFakeStripe();
  const admin = suiteDatabaseUrl();
  const name = `firemark_e2e_stripe_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();

  const port = 4800 + Math.floor(Math.random() * 1000);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-e2e-stripe-'));
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(admin, name),
      SESSION_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      RUN_WORKERS: 'false',
      ...stripe.env,
    },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));

  // Ready when /readyz answers (the migrations have run).
  for (let waited = 0; ; waited += 200) {
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (server.exitCode !== null || waited > 60_000) throw new Error('The Stripe-billing Firemark did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const stripeJsRequests: string[] = [];
  const webhook = `${url}/api/stripe/webhook`;

  return {
    url,
    stripe,
    stripeJsRequests,
    async routeStripe(page) {
      await page.route('https://js.stripe.com/**', async (route) => {
        stripeJsRequests.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS });
      });
      await page.route('https://api.stripe.com/v1/fake-stripe-js/**', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as { kind?: string; clientSecret?: string; card?: string; id?: string; passed?: boolean };
        const result = route.request().url().endsWith('/authenticate')
          ? stripe.authenticate(body.id!, body.passed!)
          : body.kind === 'setup'
            ? stripe.confirmSetup(body.clientSecret!, body.card!)
            : stripe.confirmPayment(body.clientSecret!, body.card!);
        // Stripe tells Firemark by webhook; here before the page hears back, as it usually is.
        await stripe.deliverTo(webhook);
        const answer =
          result.status === 'failed'
            ? { error: result.error }
            : { status: result.status, id: result.intent.id, intent: { id: result.intent.id, status: result.status, payment_method: result.intent.payment_method } };
        await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(answer) });
      });
    },
    async close() {
      server.kill('SIGTERM');
      await exited;
      await stripe.close();
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
