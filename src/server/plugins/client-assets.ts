import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

// Whether the build wrote app.html, looked up once per folder: like the static files (listed
// at start, below), the pages a running server sends are those of the build it started with.
const appPages = new Map<string, boolean>();
function hasAppPage(clientDir: string): boolean {
  let has = appPages.get(clientDir);
  if (has === undefined) {
    has = existsSync(path.join(clientDir, 'app.html'));
    appPages.set(clientDir, has);
  }
  return has;
}

/**
 * The app's page. Someone with a session cookie gets app.html (scripts/write-app-page.mjs),
 * which also has the browser fetch the shell's code and the session with the page; anyone else
 * gets index.html, and downloads nothing a login page does not need. The answer depends on the
 * cookie, so a shared cache must not give one visitor's to another.
 */
export function sendAppPage(request: FastifyRequest, reply: FastifyReply, clientDir: string) {
  const signedIn = Boolean(request.cookies?.[SESSION_COOKIE]) && hasAppPage(clientDir);
  return reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Cookie')
    .sendFile(signedIn ? 'app.html' : 'index.html', { cacheControl: false });
}

/**
 * The Content-Security-Policy sources that let the built pages' own inline scripts run, each
 * named by its SHA-256 (app.html's first date formatter, scripts/write-app-page.mjs). Read from
 * the pages at start, so the policy always matches the build it serves; no other inline
 * script may run.
 */
export function inlineScriptSources(clientDir: string): string[] {
  const sources = new Set<string>();
  for (const page of ['index.html', 'app.html']) {
    const file = path.join(clientDir, page);
    if (!existsSync(file)) continue;
    for (const [, body] of readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      sources.add(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
  }
  return [...sources];
}

/**
 * Serves the built client (dist/client): each file as built, or its `.br` / `.gz` copy that
 * scripts/compress-client.mjs wrote beside it when the browser accepts one. Hashed files
 * under assets/ never change content, so browsers keep them for a year; everything else
 * (index.html, robots.txt, the icon) is revalidated on each use. Source maps are built
 * outside this folder (vite.config.ts) and refused here should one appear.
 * Returns false when there is no built client to serve.
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per built file, listed at start; the compressed copies are found per request.
    wildcard: false,
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    preCompressed: true,
    index: false,
    cacheControl: false, // set below, per file
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      // Caches between us and the browser must keep the brotli, gzip and plain copies apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // "/" is the landing page for a visitor and the app for someone signed in (DECISIONS). The
  // visitor gets the page prerendered at build (scripts/render-landing.tsx), which needs no
  // script; anyone with a session cookie gets the app, which checks the session and opens the
  // dashboard, or shows the same landing page should the session have ended.
  if (existsSync(path.join(clientDir, 'landing.html'))) {
    app.route({
      method: 'GET',
      url: '/',
      handler: (request, reply) => {
        if (request.cookies?.[SESSION_COOKIE]) return sendAppPage(request, reply, clientDir);
        return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie').sendFile('landing.html', { cacheControl: false });
      },
    });
  }
  return true;
}
