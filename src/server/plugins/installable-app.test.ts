import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressClient } from '../../../scripts/compress-client.mjs';
import { writeAppPage } from '../../../scripts/write-app-page.mjs';
import { buildApp } from '../app';
import { createTestContext, type TestContext } from '../testing/test-app';

// A built client with what makes it installable (vite.config.ts): the manifest linked from the
// app's page, the service worker at the root and the icons; the landing page links neither.
const worker = `self.addEventListener('fetch', () => {}); // ${'precache list '.repeat(100)}\n`;
const manifest = JSON.stringify({ name: 'Firemark', start_url: '/dashboard', display: 'standalone', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] });
let ctx: TestContext;
let app: FastifyInstance;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-installable-'));

beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(path.join(clientDir, 'assets'));
  mkdirSync(path.join(clientDir, 'icons'));
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><head><title>Firemark</title><script type="module" src="/assets/index-abc123.js"></script><link rel="manifest" href="/manifest.webmanifest"></head>`,
  );
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', name: 'index', isEntry: true },
      '_app-shell-def456.js': { file: 'assets/app-shell-def456.js', name: 'app-shell', isDynamicEntry: true, imports: ['index.html'] },
    }),
  );
  writeAppPage(clientDir);
  writeFileSync(path.join(clientDir, 'landing.html'), `<!doctype html><title>Firemark</title><h1>Stay inspection-ready</h1>`);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'export {};\n');
  writeFileSync(path.join(clientDir, 'sw.js'), worker);
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(clientDir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  compressClient(clientDir);
  app = await buildApp(ctx.runtime, { serveClient: true, clientDir });
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the installable app', () => {
  it('serves the service worker as a script that browsers check again on every visit, so a new version is found', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const sw = await get('/sw.js', { 'accept-encoding': encoding });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(sw.headers['cache-control']).toBe('no-cache');
    }
    // A worker's scope can be no wider than its folder; at the root it covers the whole app.
    expect((await get('/sw.js')).body).toBe(worker);
  });

  it('serves the web app manifest with its own type, and its icons', async () => {
    const answer = await get('/manifest.webmanifest');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/manifest+json');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'Firemark', start_url: '/dashboard' });
    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it("lets the page's policy load our own worker and manifest, and no one else's", async () => {
    const policy = String((await get('/dashboard')).headers['content-security-policy']);
    const directive = (name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('worker-src')).toBe("worker-src 'self'");
    expect(directive('manifest-src')).toBe("manifest-src 'self'");
  });

  it('links the manifest from the app for someone signed in and for a visitor, and not from the landing page', async () => {
    const { agent } = await ctx.signedIn();
    const signedIn = await get('/dashboard', { cookie: agent.cookie! });
    expect(signedIn.body).toContain('rel="modulepreload"');
    expect(signedIn.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect((await get('/login')).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect((await get('/')).body).not.toContain('manifest');
  });
});
