/**
 * What the browser suite runs against: a real SMTP server that files every message it
 * receives as JSON in E2E_MAIL_DIR, and the production build of Firemark with its own
 * embedded PostgreSQL in a temporary data directory (or TEST_DATABASE_URL's server).
 * Playwright starts this as its webServer and stops it after the run.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startMailbox, toAddress } from '../../src/server/testing/smtp';
import { databaseUrl } from '../../src/server/testing/database-url';

const port = Number(process.env.E2E_PORT);
const mailDir = process.env.E2E_MAIL_DIR!;
mkdirSync(mailDir, { recursive: true });

let count = 0;
const mailbox = await startMailbox({
  onMessage(mail) {
    writeFileSync(
      path.join(mailDir, `${String(++count).padStart(5, '0')}.json`),
      JSON.stringify({ to: toAddress(mail).split(','), subject: mail.subject, text: mail.text }),
    );
  },
});

const dataDir = process.env.E2E_DATA_DIR!;
mkdirSync(dataDir, { recursive: true });
let externalDb: { admin: string; name: string } | undefined;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  SMTP_URL: mailbox.url,
  LOG_LEVEL: 'warn',
  // Every test signs up or in from the same address; the limits have API tests of their own.
  AUTH_RATE_LIMIT: '10000',
};
if (process.env.TEST_DATABASE_URL) {
  externalDb = { admin: process.env.TEST_DATABASE_URL, name: `firemark_e2e_${randomBytes(4).toString('hex')}` };
  const client = new pg.Client({ connectionString: externalDb.admin });
  await client.connect();
  await client.query(`create database ${externalDb.name}`);
  await client.end();
  env.DATABASE_URL = databaseUrl(externalDb.admin, externalDb.name);
  // Test fixtures read it to seed what no screen can (a Pro plan without billing).
  writeFileSync(path.join(dataDir, 'database-url'), env.DATABASE_URL);
}

const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'inherit' });

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  await mailbox.close();
  if (externalDb) {
    const client = new pg.Client({ connectionString: externalDb.admin });
    await client.connect();
    await client.query(`drop database if exists ${externalDb.name} with (force)`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
