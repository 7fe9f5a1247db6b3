import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 33 §1: Firemark installs as an app and opens without a network once visited
 * (vite.config.ts, src/client/sw.ts, docs/offline.md "Installing on a phone"). At phone width.
 */

test.use({ viewport: { width: 375, height: 812 } });

/** Once the page has loaded and idled, it installs the worker, which then takes the page. */
async function workerInControl(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { active: registration?.active?.state, controlled: Boolean(navigator.serviceWorker.controller) };
      }),
    )
    .toEqual({ active: 'activated', controlled: true });
}

test('Firemark can be installed, and after one visit it opens with no network', async ({ signedInPage: page, context, browser, playwright }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Chrome's own verdict, as its Install app menu item uses it.
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data)).toMatchObject({ name: 'Firemark', short_name: 'Firemark', start_url: '/dashboard', scope: '/', display: 'standalone' });
  await workerInControl(page);
  // No signal: a reload still opens the app, from the device. The page the server sends someone
  // signed in preloads the session (app.html); the one the worker keeps does not.
  const preloadsSession = () => page.locator('link[rel="preload"][href="/api/auth/me"]').count();
  expect(await preloadsSession()).toBe(1);
  await context.setOffline(true);
  await page.reload();
  expect(await preloadsSession()).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
  await context.setOffline(false);

  // Chrome never offers to install from a private window, which a Playwright context is; in a
  // browser profile of its own, with the same session, nothing stands in the way.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'firemark-pwa-profile-'));
  const installable = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 375, height: 812 },
  });
  try {
    await installable.addCookies(await context.cookies());
    const phone = installable.pages()[0] ?? (await installable.newPage());
    await phone.goto('/dashboard');
    await expect(phone.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await workerInControl(phone);
    const verdict = (await (await installable.newCDPSession(phone)).send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(verdict.installabilityErrors).toEqual([]);
  } finally {
    await installable.close();
    rmSync(profile, { recursive: true, force: true });
  }

  // The landing page a visitor reads offers no installing and runs no script.
  const visitor = await browser.newContext();
  try {
    const landing = await visitor.newPage();
    await landing.goto('/');
    await expect(landing.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(landing.locator('link[rel="manifest"], script')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('a new version waits for the person to choose Reload, and then takes over', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await workerInControl(page);
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

  // A new version of the worker, as after a deploy: the browser installs it beside the one in
  // control, and it waits. (Its address differs, since the served /sw.js cannot change under
  // the other tests; to the browser and the page it is a new worker like any other.)
  await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js?next-version')));
  const prompt = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'A new version of Firemark is ready.' });
  await expect(prompt).toBeVisible();
  // Offered, not forced: the page is the one the person had.
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?next-version$/);
});

test('offline, a page with nothing kept says it needs a connection and opens the properties kept on the device', async ({ proPage: page, context }) => {
  const kept = await addProperty(page, { name: 'Harbor View Offices' });
  const other = await addProperty(page, { name: 'Maple Court' });
  await page.goto(`/properties/${kept.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await expect(page.getByText('Kept on this device: it opens without signal.')).toBeVisible();
  await workerInControl(page);

  await context.setOffline(true);
  await page.goto(`/properties/${other.id}`);
  const screen = page.getByRole('region', { name: 'No connection' });
  await expect(screen.getByText('You are offline. This page needs a connection; properties you made available offline open without one.')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screen.getByRole('navigation', { name: 'Properties available offline' }).getByRole('link', { name: 'Harbor View Offices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  await context.setOffline(false);
});
