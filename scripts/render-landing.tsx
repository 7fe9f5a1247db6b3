// After `vite build`: writes dist/client/landing.html, the landing page rendered to HTML with the
// built stylesheet and no script at all. The server sends it for "/" to a visitor without a
// session (app.ts), so the page people find first shows at once and downloads no JavaScript;
// its links are plain links into the app. A signed-in visitor gets the app, as before.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import LandingPage from '../src/client/features/landing/pages/landing-page';

const clientDir = path.resolve('dist/client');
const index = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const body = renderToStaticMarkup(
  <StaticRouter location="/">
    <LandingPage />
  </StaticRouter>,
);

const page = index
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  // Installing is for the app (its pages link the manifest, vite.config.ts); a visitor reading
  // about Firemark is not offered it.
  .replace(/\s*<link rel="manifest"[^>]*>/g, '')
  .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
if (page.includes('<script') || page.includes('rel="manifest"') || !page.includes('rel="stylesheet"') || !page.includes(body)) {
  throw new Error('landing.html: the built index.html no longer has the shape this script expects');
}
writeFileSync(path.join(clientDir, 'landing.html'), page);
