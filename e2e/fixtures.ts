import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Account {
  fullName: string;
  email: string;
  username: string;
  password: string;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export const newAccountData = (): Account => {
  const id = randomBytes(4).toString('hex');
  return { fullName: 'Robin Fischer', email: `robin.${id}@example.com`, username: `robin_${id}`, password: 'smoke-alarm-42' };
};

/** Every message the suite's SMTP server has received for an address. */
export function mailsTo(address: string): Mail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to.includes(address));
}

export const CONFIRMATION_SUBJECT = 'Confirm your e-mail address for Firemark';

/** The link of the newest confirmation e-mail to an address, if one has arrived. */
export function confirmationLink(address: string): string | undefined {
  const mail = mailsTo(address)
    .filter((m) => m.subject === CONFIRMATION_SUBJECT)
    .at(-1);
  return mail ? /http:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail.text)?.[0] : undefined;
}

/** Waits for the confirmation e-mail to an address and answers its link. */
export async function waitForConfirmationLink(address: string): Promise<string> {
  await expect.poll(() => confirmationLink(address), { message: 'the confirmation e-mail arrives', timeout: 15_000 }).toBeTruthy();
  return confirmationLink(address)!;
}

/** Confirms an address with the link from its e-mail, posting the token as the /confirm-email page does. */
export async function confirmByLink(request: APIRequestContext, address: string): Promise<void> {
  const token = new URL(await waitForConfirmationLink(address)).searchParams.get('token');
  const response = await request.post('/api/auth/confirm-email', {
    data: { token },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status()).toBe(200);
}

/** Fails the calling test on any serious or critical accessibility violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, 'axe-core: serious or critical violations').toEqual([]);
}

/** A phone layout must never need sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scroll, 'page wider than the screen').toBeLessThanOrEqual(widths.viewport);
}

/**
 * The toast with this title (and description) in the notifications region. One wait for a toast
 * holding both: with a wait for each, a toast could close (after its 5 s) between the two.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/ });
  let toast = region.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
  if (description) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  await expect(toast).toBeVisible();
}

/** The suite server's database (its PostgreSQL server), for what no screen can do (a Pro plan without billing). */
export function suiteDatabaseUrl(): string {
  const dir = process.env.E2E_DATA_DIR!;
  const external = path.join(dir, 'database-url');
  if (existsSync(external)) return readFileSync(external, 'utf8');
  const c = JSON.parse(readFileSync(path.join(dir, 'postgres-credentials.json'), 'utf8')) as { port: number; password: string };
  return `postgres://postgres:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/postgres`;
}

export async function grantPro(username: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`update organizations set plan = 'pro', plan_source = 'complimentary' where id = (select id from users where username = $1)`, [username]);
  } finally {
    await client.end();
  }
}

/** Marks the account's address confirmed, for tests about something else than that e-mail. */
async function markConfirmed(username: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    await client.query('update users set email_confirmed_at = now() where username = $1', [username]);
  } finally {
    await client.end();
  }
}

/** Moves the end of the account's trial into the past, as 30 days passing would. */
export async function endTrial(username: string): Promise<void> {
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`update organizations set pro_until = now() - interval '1 second' where id = (select id from users where username = $1) and plan_source = 'trial'`, [username]);
  } finally {
    await client.end();
  }
}

interface Options {
  /**
   * How `account` has its address confirmed: 'link', with the link from its confirmation
   * e-mail as its owner would (tests about mail to the account), or 'database' (the rest,
   * which need not wait for that e-mail).
   */
  confirmAccountBy: 'link' | 'database';
}

interface Fixtures {
  /** A registered account (through the API, as the signup form does), confirmed, not signed in. */
  account: Account;
  /** The page, signed in as `account`. */
  signedInPage: Page;
  /** Like signedInPage, on Firemark Pro. */
  proPage: Page;
}

export const test = base.extend<Fixtures & Options>({
  confirmAccountBy: ['database', { option: true }],
  page: async ({ page }, use, testInfo) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // Chromium logs every 4xx answer on its own (a signed-out /api/auth/me, a wrong
      // password); tests that expect one assert what the screen says instead.
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      // And every request cut off while a test has taken the browser offline.
      if (text === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED') return;
      problems.push(text);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) {
      expect(problems, 'console errors during the test').toEqual([]);
    }
  },
  account: async ({ request, confirmAccountBy }, use) => {
    const account = newAccountData();
    const response = await request.post('/api/auth/register', {
      data: account,
      headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(response.status()).toBe(201);
    if (confirmAccountBy === 'link') await confirmByLink(request, account.email);
    else await markConfirmed(account.username);
    await use(account);
  },
  signedInPage: async ({ page, account }, use) => {
    const response = await page.request.post('/api/auth/login', {
      data: { username: account.username, password: account.password },
      headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(response.status()).toBe(200);
    await use(page);
  },
  proPage: async ({ signedInPage, account }, use) => {
    await grantPro(account.username);
    await use(signedInPage);
  },
});

/** What a person would type into the Add Property form, through the API for set-up. */
export async function addProperty(page: Page, overrides: Record<string, string> = {}) {
  const response = await page.request.post('/api/properties', {
    data: {
      name: 'Harbor View Offices',
      propertyType: 'commercial',
      addressLine1: '100 Harbor Way',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      country: 'us',
      managerEmail: 'facilities@example.com',
      ...overrides,
    },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

/**
 * Schedules through the API. Unless the body names an activity (or `activityStated: false` asks
 * for SPEC's call as it is), it names the type's principal one, as a person choosing it in the
 * schedule form would: an inspection without one is "activity not stated" and its completion
 * asks which check it was (issue 37).
 */
export async function scheduleInspectionViaApi(page: Page, body: Record<string, unknown>) {
  const { activityStated = true, ...given } = body;
  const data: Record<string, unknown> = { inspectionType: 'fire_extinguisher', assignedTo: 'Alex Inspector', ...given };
  if (activityStated && data.requirementId === undefined && data.libraryId === undefined) {
    const library = (await (await page.request.get('/api/requirements/library')).json()) as { id: number; itemType: string; principal: boolean }[];
    data.libraryId = library.find((entry) => entry.itemType === data.inspectionType && entry.principal)?.id;
  }
  const response = await page.request.post('/api/inspections', {
    data,
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

/**
 * Records the text of every loading state (role="status") that enters the page, hidden or not,
 * from its first byte on, across reloads; the returned function reads what was seen.
 */
export async function recordLoadingStates(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { loadingSeen: Set<string> }).loadingSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) if (status.textContent?.trim()) seen.add(status.textContent.trim());
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { loadingSeen: Set<string> }).loadingSeen]);
}

export { expect };
