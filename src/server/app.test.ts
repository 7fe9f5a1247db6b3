import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/test-app';
import { buildApp } from './app';
import type { FastifyInstance } from 'fastify';

// A built client's shape: index.html and hashed files under assets/.
let ctx: TestContext;
let app: FastifyInstance;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-client-'));

beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Firemark</title>');
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = await buildApp(ctx.runtime, { serveClient: true, clientDir });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the app', () => {
  it('answers the page for / and for every client route, and JSON 404 for unknown API paths', async () => {
    for (const url of ['/', '/dashboard', '/properties/12', '/reset-password?token=abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('serves hashed assets for a year and a missing one as 404, not as the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });
});
