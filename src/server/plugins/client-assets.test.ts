import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressClient } from '../../../scripts/compress-client.mjs';
import { WARM_DATE_FORMATS, writeAppPage } from '../../../scripts/write-app-page.mjs';
import { buildApp } from '../app';
import { createProperty } from '../db/seed/properties';
import { createTestContext, type TestContext } from '../testing/test-app';

// A built client as `npm run build` leaves it: index.html, the signed-in page written from it
// and the Vite manifest, the prerendered landing page, hashed scripts with their precompressed
// copies, robots.txt, and (by mistake) a source map in the public folder.
const script = `export const greeting = ${JSON.stringify('Inspections due this week. '.repeat(200))};\n`;
let ctx: TestContext;
let app: FastifyInstance;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-client-'));

beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><head><title>Firemark</title><script type="module" src="/assets/index-abc123.js"></script></head>`,
  );
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', name: 'index', isEntry: true },
      '_app-shell-def456.js': { file: 'assets/app-shell-def456.js', name: 'app-shell', isDynamicEntry: true, imports: ['index.html', '_dialog-789abc.js'] },
      '_dialog-789abc.js': { file: 'assets/dialog-789abc.js', name: 'dialog' },
    }),
  );
  writeAppPage(clientDir);
  writeFileSync(path.join(clientDir, 'landing.html'), `<!doctype html><title>Firemark</title><h1>Stay inspection-ready</h1>`);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  compressClient(clientDir);
  app = await buildApp(ctx.runtime, { serveClient: true, clientDir });
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('built client files', () => {
  it('sends the brotli copy to browsers that accept it, gzip to those that accept only gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain('javascript');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/index-abc123.js', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
  });

  it('lets browsers keep hashed files for a year and makes them revalidate the page', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-abc123.js', acceptEncoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/dashboard']) {
      const page = await get(url, 'br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Firemark</title>');
    }
  });

  it('answers HEAD / with the headers of GET / and no body', async () => {
    const headers = { 'accept-encoding': 'br' };
    const got = await app.inject({ method: 'GET', url: '/', headers });
    const head = await app.inject({ method: 'HEAD', url: '/', headers });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-encoding', 'cache-control', 'content-length', 'etag', 'vary']) {
      expect(head.headers[name], name).toBe(got.headers[name]);
    }
  });

  it('shows a visitor the landing page with no script, and someone signed in the app', async () => {
    const visitor = await get('/');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['content-type']).toContain('text/html');
    expect(visitor.body).toContain('Stay inspection-ready');
    expect(visitor.body).not.toContain('<script');
    // The page depends on the cookie, so no shared cache may hand one visitor's to another.
    expect(visitor.headers.vary).toMatch(/cookie/i);

    const { agent } = await ctx.signedIn();
    const member = await app.inject({ method: 'GET', url: '/', headers: { cookie: agent.cookie! } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<script type="module" src="/assets/index-abc123.js">');
    expect(member.headers.vary).toMatch(/cookie/i);

    // Every other page is the app, cookie or not.
    expect((await get('/auth/signup')).body).toContain('<script type="module"');
  });

  it("has a signed-in browser fetch the shell's code and the session with the page, and a visitor neither", async () => {
    const { agent } = await ctx.signedIn();
    for (const url of ['/', '/dashboard', '/properties/12']) {
      const page = await app.inject({ method: 'GET', url, headers: { cookie: agent.cookie! } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toMatch(/cookie/i);
      expect(page.body).toContain('<script type="module" src="/assets/index-abc123.js">');
      // The shell and what it imports, not the entry a second time.
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/app-shell-def456.js">');
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/dialog-789abc.js">');
      expect(page.body).not.toContain('rel="modulepreload" crossorigin href="/assets/index-abc123.js"');
      expect(page.body).toContain('<link rel="preload" href="/api/auth/me" as="fetch" crossorigin>');
    }

    for (const url of ['/auth/login', '/dashboard']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toMatch(/cookie/i);
      expect(page.body).toContain('<script type="module" src="/assets/index-abc123.js">');
      expect(page.body).not.toContain('app-shell');
      expect(page.body).not.toContain('/api/auth/me');
    }
  });

  it("lets the signed-in page's own inline script run, by its hash, and no other", async () => {
    const { agent } = await ctx.signedIn();
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: agent.cookie! } });
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
    expect(inline).toEqual([WARM_DATE_FORMATS]);
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(WARM_DATE_FORMATS).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The script only warms the browser's date formatting: it must never throw where it runs.
    expect(() => new Function(WARM_DATE_FORMATS)()).not.toThrow();
  });

  it('serves robots.txt as text', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Disallow: /api/');
  });

  it('never serves a source map, even one left in the public folder', async () => {
    for (const acceptEncoding of [undefined, 'br']) {
      const map = await get('/assets/index-abc123.js.map', acceptEncoding);
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    }
  });
});

describe('API answers', () => {
  it('compresses JSON over 1 KB and leaves small answers as they are', async () => {
    const { agent, user } = await ctx.signedIn();
    for (let i = 0; i < 6; i++) await createProperty(ctx.runtime.db, user.id, { name: `Harbor View ${i}` });

    const plain = await agent.request({ method: 'GET', url: '/api/properties' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await agent.request({ method: 'GET', url: '/api/properties', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await agent.request({ method: 'GET', url: '/api/properties', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const me = await agent.request({ method: 'GET', url: '/api/auth/me', headers: { 'accept-encoding': 'br, gzip' } });
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json()).toMatchObject({ username: user.username });
  });

  it("sends a list page's compressed copy again until a write changes the page, in the encoding the browser accepts", async () => {
    const { agent, user } = await ctx.signedIn();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await createProperty(ctx.runtime.db, user.id, { name: `Harbor View ${i}` })).id);
    const list = (acceptEncoding: string) => agent.request({ method: 'GET', url: '/api/properties?sort=name_asc', headers: { 'accept-encoding': acceptEncoding } });
    const names = (body: Buffer) => (JSON.parse(brotliDecompressSync(body).toString()) as { name: string }[]).map((p) => p.name);

    const first = await list('gzip, deflate, br, zstd');
    const again = await list('gzip, deflate, br, zstd');
    expect(first.headers['content-encoding']).toBe('br');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['x-total-count']).toBe('6');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(names(again.rawPayload)[0]).toBe('Harbor View 0');
    const plainBefore = await list('identity');
    expect((plainBefore.json() as { name: string }[])[0]!.name).toBe('Harbor View 0');

    const renamed = await agent.request({ method: 'PUT', url: `/api/properties/${ids[0]}`, payload: { name: 'Anchor Point' } });
    expect(renamed.statusCode).toBe(200);
    const afterWrite = await list('gzip, deflate, br, zstd');
    expect(names(afterWrite.rawPayload)).toEqual(['Anchor Point', 'Harbor View 1', 'Harbor View 2', 'Harbor View 3', 'Harbor View 4', 'Harbor View 5']);

    // A refused encoding is never sent; the same page then goes as gzip, or as it is.
    const gzip = await list('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(gzip.rawPayload).toString()) as { name: string }[])[0]!.name).toBe('Anchor Point');
    const plain = await list('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { name: string }[])[0]!.name).toBe('Anchor Point');
  });

  it('weighs a list page in bytes, as the wire does, when it decides to compress', async () => {
    const { agent, user } = await ctx.signedIn();
    // Under 1,024 characters, over 1,024 bytes: each of these characters is three bytes in UTF-8.
    await createProperty(ctx.runtime.db, user.id, { name: '火'.repeat(200), addressLine1: '路'.repeat(200), city: '市'.repeat(100) });
    const plain = await agent.request({ method: 'GET', url: '/api/properties' });
    expect(plain.body.length).toBeLessThan(1024);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);

    const br = await agent.request({ method: 'GET', url: '/api/properties', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a large answer that is not a remembered page too', async () => {
    const plain = await get('/api/openapi.json');
    const br = await get('/api/openapi.json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
