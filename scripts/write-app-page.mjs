// After `vite build`: writes dist/client/app.html, the app's page as someone signed in gets it
// (src/server/plugins/client-assets.ts). Beside what index.html loads, it asks the browser to
// fetch, with the page itself, the two things every signed-in first load waits for once the
// app's script has run: the shell's code (the `app-shell` chunk, vite.config.ts) and the
// session (`GET /api/auth/me`, which the app reads once per load, SPEC 4). The app's own
// request for the session takes the preloaded answer, so it is still asked for once.
// It also runs one small inline script, WARM_DATE_FORMATS (below); the server allows it by
// its hash (inlineScriptSources in src/server/plugins/client-assets.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A browser's first date formatter costs far more than any after it: Chromium loads its locale
 * and time-zone data then (about 50 ms on a desktop core, four times that on a mid-range
 * phone; docs/performance.md). Every signed-in screen formats dates in the account's zone
 * (src/shared/dates.ts, src/client/lib/format-date.ts), so the app would pay it while drawing
 * its first answers. Here the page pays it while the browser is still downloading the app's
 * code, when the main thread has nothing else to do. Later formatters, in any zone, then cost
 * under a millisecond. It is a classic script, so it runs before the deferred module script.
 */
export const WARM_DATE_FORMATS =
  "try{new Intl.DateTimeFormat('en-US',{hour:'numeric',minute:'2-digit',timeZoneName:'short'}).format(0);" +
  "new Intl.DateTimeFormat('en-CA',{year:'numeric',month:'2-digit',day:'2-digit'}).format(0)}catch(e){}";

export function writeAppPage(clientDir) {
  const index = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const shellKey = Object.keys(manifest).find((key) => manifest[key].name === 'app-shell');
  if (!shellKey) throw new Error('app.html: the Vite manifest has no app-shell chunk (vite.config.ts names it)');

  const files = [];
  const add = (key) => {
    const { file, imports = [] } = manifest[key];
    if (files.includes(file)) return;
    files.push(file);
    imports.forEach(add);
  };
  add(shellKey);
  const hints = [
    ...files.filter((file) => !index.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // "crossorigin" gives the preload the mode and credentials of the app's fetch, or it is not reused.
    '<link rel="preload" href="/api/auth/me" as="fetch" crossorigin>',
    `<script>${WARM_DATE_FORMATS}</script>`,
  ];
  if (!index.includes('</head>')) throw new Error('app.html: the built index.html no longer has the shape this script expects');
  writeFileSync(path.join(clientDir, 'app.html'), index.replace('</head>', `  ${hints.join('\n    ')}\n  </head>`));
}
