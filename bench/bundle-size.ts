import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * Gzipped bytes of the JavaScript a page needs: the entry, its static imports, and the
 * lazily loaded page chunk whose source path contains `pageMatch`, with its static imports.
 */
export function pageJsGzipBytes(distDir: string, pageMatch: string): { bytes: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const wanted = new Set<string>();
  const add = (key: string) => {
    if (wanted.has(key)) return;
    wanted.add(key);
    for (const dep of manifest[key]?.imports ?? []) add(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('No entry in the Vite manifest');
  add(entry);
  const page = Object.keys(manifest).find((k) => k.includes(pageMatch));
  if (!page) throw new Error(`No chunk for ${pageMatch} in the Vite manifest`);
  add(page);
  const files = [...wanted].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(distDir, f))).length, 0);
  return { bytes, files };
}

/** Routes as the browser loads them: the entry, then each lazily loaded chunk on the way. */
export const ROUTE_CHUNKS: Record<string, string[]> = {
  'landing (/)': ['landing-page'],
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
  const result: Record<string, number> = {};
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
      .reduce((sum, f) => {
        // A file too small to gain from brotli has no .br copy and goes out as it is.
        const file = path.join(distDir, f);
        return sum + readFileSync(existsSync(`${file}.br`) ? `${file}.br` : file).length;
      }, 0);
  }
  return result;
}
