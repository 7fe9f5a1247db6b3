import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The client lives in src/client and is built to dist/client, which the server serves.
// React Router's package exports only its development build (ENABLE_DEV_WARNINGS on, extra
// checks on every navigation): remix-run/react-router#12532 and #14102. The production build
// ships beside it; a production bundle takes that one.
const reactRouterProduction = r('./node_modules/react-router/dist/production/index.mjs');

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/** Every module reached from `from` by following `next`, short of `stop`. */
function reachable(from: string[], next: (id: string) => readonly string[], stop: (id: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}

const ENTRY = r('./src/client/main.tsx');
// The signed-in shell and the page it opens on: what every signed-in first load downloads.
const SHELL = [r('./src/client/app/shell/app-shell.tsx'), r('./src/client/features/dashboard/pages/dashboard-page.tsx')];
// routes.tsx loads lazily, beside the pages, what a page's first load or a navigation to it starts
// with: the shell's and the pages' first-data queries (their `prefetch`) and the properties
// table's loader. They go with the shell too, so a navigation asks for its data and the table's
// code at once rather than after the page's chunk has arrived.
const ROUTES = r('./src/client/app/routes.tsx');
// Pages for visitors, which should not download the shell.
const PUBLIC_PAGE = /\/src\/client\/(features\/(auth|mail|verify|share-links|landing)\/pages\/|app\/not-found-page)/;
// Form and calendar libraries stay in the chunks of the pages that use them.
const NOT_IN_SHELL = /\/node_modules\/(zod|react-hook-form|@hookform|react-day-picker|date-fns)\/|\/src\/shared\/schemas\//;

/**
 * Left to itself, Rollup gives each set of pages that share a module a chunk of its own: the
 * dashboard's first load fetched 33 files of one icon or one small component each, six at a
 * time over HTTP/1.1, each a round trip on a phone's network. Here what the shell and the
 * dashboard use becomes two chunks: `ui`, the part that visitors' pages (login, sign-up) use
 * too, and `app-shell`, the rest. The server asks a signed-in browser to fetch both with the
 * page (app.html). Rollup moves the modules a named chunk imports into it unless they are
 * named too, so the entry's are named (`index`), or React would move into the shell.
 */
function chunkFor(): (id: string, api: { getModuleInfo: (id: string) => ModuleInfo }) => string | undefined {
  let chunks: Map<string, string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!chunks) {
      const imports = (m: string) => getModuleInfo(m)?.importedIds ?? [];
      const anyImports = (m: string) => [...imports(m), ...(getModuleInfo(m)?.dynamicallyImportedIds ?? [])];
      const entry = reachable([ENTRY], imports);
      // What a visitor can load: the public pages, and what the entry loads lazily that is no
      // page and not the shell (the toasts, which a failed sign-in shows).
      const lazyFromEntry = [...entry].flatMap((m) => getModuleInfo(m)?.dynamicallyImportedIds ?? []);
      const publicPages = [...reachable([ENTRY], anyImports)].filter((m) => PUBLIC_PAGE.test(m));
      const startsOfPages = (getModuleInfo(ROUTES)?.dynamicallyImportedIds ?? []).filter((m) => !m.includes('/pages/') && !PUBLIC_PAGE.test(m));
      const shellRoots = [...SHELL, ...startsOfPages];
      const lazyParts = lazyFromEntry.filter((m) => !m.includes('/pages/') && !shellRoots.includes(m));
      const visitors = reachable([...publicPages, ...lazyParts], imports, (m) => entry.has(m));
      const shell = reachable(shellRoots, imports, (m) => entry.has(m) || NOT_IN_SHELL.test(m));
      chunks = new Map([...entry].map((m) => [m, 'index']));
      for (const m of shell) chunks.set(m, visitors.has(m) ? 'ui' : 'app-shell');
    }
    return chunks.get(id);
  };
}

/**
 * The installable app (issue 33, docs/offline.md): the web app manifest, linked from the app's
 * pages (index.html, app.html; not the landing page, scripts/render-landing.tsx), and the
 * service worker src/client/sw.ts, built to /sw.js with the list of files it keeps. The page
 * registers it itself after loading (main.tsx), so the plugin injects no script.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  // The icons are in the precache list below already.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Firemark',
    short_name: 'Firemark',
    description: 'Fire-safety inspections, compliance records and reports for your properties, on site with or without signal.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    // index.css: the primary red (the browser's bar, as index.html's theme-color) and the page's background.
    theme_color: '#b91c1c',
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      // Drawn from favicon.svg by scripts/make-app-icons.mjs.
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // What the app needs to open with no network: its page, every script and stylesheet (each
    // page's lazy code too, so any page opens offline, not only those visited) and its icons.
    // The landing page (written after this build, and without script) and app.html (the
    // signed-in page, whose preloads need the network) are not among them; the worker opens
    // index.html for any app address when offline (sw.ts).
    globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
    // One classic script: no module worker (Safari before 15 and Firefox before 114 lack them).
    rollupFormat: 'iife',
    // The worker's source map would land in the public folder, beside it.
    sourcemap: false,
  },
});

export default defineConfig(({ command }) => ({
  root: r('./src/client'),
  plugins: [react(), tailwindcss(), pwa],
  resolve: {
    alias: [
      { find: '@', replacement: r('./src/client') },
      { find: '@shared', replacement: r('./src/shared') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    // Maps for debugging, without a link in the served files; scripts/finish-client-build.mjs
    // moves them out of the public folder.
    sourcemap: 'hidden',
    // The precompressed copies are measured by bench/bundle-size.ts; skipping this saves build time.
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // Chunks of one schema or one small helper each cost a request apiece (six at a time
        // over HTTP/1.1); chunks of pure definitions under this size join a chunk loaded on the
        // same occasions. A larger threshold merged pages' helpers into chunks that other pages
        // then downloaded whole for one function (decision 023).
        experimentalMinChunkSize: 3_000,
        manualChunks: chunkFor(),
      },
      onwarn(warning, warn) {
        // zod's sources carry explanatory comments next to @__PURE__ marks, which Rollup
        // reports and drops; nothing in our code or in the output is wrong.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
    // bench/ reads it to measure what each page downloads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
}));
