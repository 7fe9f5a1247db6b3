import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Routes as the browser loads them: the entry, then each lazily loaded chunk on the way. */
export const ROUTE_CHUNKS: Record<string, string[]> = {
  // What someone who has just logged out downloads to see the landing page inside the app.
  'landing in the app (after logging out)': ['landing-page'],
  'dashboard (/dashboard)': ['app-shell', 'dashboard-page'],
};

/**
 * Brotli bytes of the JavaScript each route downloads, as the server sends it: the
 * precompressed `.br` copies the build wrote (scripts/compress-client.mjs), HTTP headers not counted.
 */
export function routeJsBrotliBytes(distDir: string): Record<string, number> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('No entry in the Vite manifest');
  const brotliBytes = (f: string) => {
    // A file too small to gain from brotli has no .br copy and goes out as it is.
    const file = path.join(distDir, f);
    return readFileSync(existsSync(`${file}.br`) ? `${file}.br` : file).length;
  };
  // A visitor's "/" is the prerendered page (decision 019): whatever scripts it names.
  const landingHtml = readFileSync(path.join(distDir, 'landing.html'), 'utf8');
  const landingScripts = [...landingHtml.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const result: Record<string, number> = { 'landing (/, prerendered)': landingScripts.reduce((sum, f) => sum + brotliBytes(f), 0) };
  for (const [route, chunks] of Object.entries(ROUTE_CHUNKS)) {
    const wanted = new Set<string>();
    const add = (key: string) => {
      if (wanted.has(key)) return;
      wanted.add(key);
      for (const dep of manifest[key]?.imports ?? []) add(dep);
    };
    add(entry);
    for (const chunk of chunks) {
      const key = Object.keys(manifest).find((k) => manifest[k]!.name === chunk);
      if (!key) throw new Error(`No chunk for ${chunk} in the Vite manifest`);
      add(key);
    }
    result[route] = [...wanted]
      .map((k) => manifest[k]!.file)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + brotliBytes(f), 0);
  }
  return result;
}
