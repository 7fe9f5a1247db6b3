import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/chromium';

// Set once in the main process; the workers inherit them.
process.env.E2E_PORT ??= String(3900 + Math.floor(Math.random() * 900));
const runId = randomBytes(4).toString('hex');
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `firemark-e2e-mail-${runId}`);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `firemark-e2e-data-${runId}`);
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A 2-core CI machine running the server, its PostgreSQL and two browsers can take several
  // seconds for a first page; the waits say what a person waits for, not how fast it must be.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_PREFIX ?? 'run'}-playwright.json` }]]
    : [['list']],
  use: {
    baseURL,
    // The service worker downloads the whole build once per browser context: in each of some
    // 190 tests that is work beside the test and timing it does not control. The specs about
    // working offline and installing allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } } }],
  webServer: {
    command: 'node --import tsx e2e/support/stack.ts',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
