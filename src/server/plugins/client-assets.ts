import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  return true;
}
