import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * Routes as the browser loads them: the entry, then the chunks that hold these modules (the
 * build may put several modules in one chunk, vite.config.ts), with what those import.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  // What someone who has just logged out downloads to see the landing page inside the app.
  'landing in the app (after logging out)': ['src/client/features/landing/pages/landing-page.tsx'],
  'dashboard (/dashboard)': ['src/client/app/shell/app-shell.tsx', 'src/client/features/dashboard/pages/dashboard-page.tsx'],
  'properties (/properties)': ['src/client/app/shell/app-shell.tsx', 'src/client/features/properties/pages/properties-page.tsx'],
  'inspections (/inspections)': ['src/client/app/shell/app-shell.tsx', 'src/client/features/inspections/pages/inspections-page.tsx'],
  'upcoming (/inspections/upcoming)': ['src/client/app/shell/app-shell.tsx', 'src/client/features/inspections/pages/upcoming-inspections-page.tsx'],
  // The one page that draws charts: the chart library is in its chunk alone, not the dashboard's.
  'insight (/insight)': ['src/client/app/shell/app-shell.tsx', 'src/client/features/insight/pages/insight-page.tsx'],
};

/** The built file ("assets/x-hash.js") that holds a source module, read from the source maps. */
function chunkHolding(distDir: string, source: string): string {
  const mapsDir = path.join(distDir, '..', 'client-source-maps');
  for (const name of readdirSync(mapsDir)) {
    const { sources } = JSON.parse(readFileSync(path.join(mapsDir, name), 'utf8')) as { sources: string[] };
    if (sources.some((s) => s.endsWith(source))) return `assets/${name.replace(/\.map$/, '')}`;
  }
  throw new Error(`No built chunk holds ${source}`);
}

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
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const wanted = new Set<string>();
    const add = (key: string) => {
      if (wanted.has(key)) return;
      wanted.add(key);
      for (const dep of manifest[key]?.imports ?? []) add(dep);
    };
    add(entry);
    for (const module of modules) {
      const file = chunkHolding(distDir, module);
      const key = Object.keys(manifest).find((k) => manifest[k]!.file === file);
      if (!key) throw new Error(`No entry for ${file} in the Vite manifest`);
      add(key);
    }
    result[route] = [...wanted]
      .map((k) => manifest[k]!.file)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + brotliBytes(f), 0);
  }
  return result;
}
