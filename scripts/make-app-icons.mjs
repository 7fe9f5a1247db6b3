// Writes the installed app's icons (src/client/public/icons/*.png, linked from the web app
// manifest in vite.config.ts) from the favicon, the one drawing of the mark. Run it again when
// favicon.svg changes: `node scripts/make-app-icons.mjs`. The PNGs are committed, so a build
// needs neither this script nor sharp's native code.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve('src/client/public');
const outDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The mark's own red square, without its rounded corners, and the flame alone.
const flame = /<path[^>]*\/>/.exec(favicon)?.[0];
const red = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!flame || !red) throw new Error('favicon.svg no longer has the shape this script expects (a filled rect, then the flame path)');

mkdirSync(outDir, { recursive: true });

async function write(name, svg, size) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, name));
}

// "any": the favicon as it is, rounded corners and all.
for (const size of [192, 512]) await write(`icon-${size}.png`, favicon, size);
// "maskable": the launcher crops to its own shape and may cut everything outside a circle of
// 80 % of the width (the safe zone, https://web.dev/articles/maskable-icon), so the flame is
// drawn at four fifths of its favicon size on a full red square with no corners of its own.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${red}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16.5)">${flame}</g></svg>`;
await write('maskable-512.png', maskable, 512);
// iOS ignores the manifest's icons and uses this one, and draws its own rounded corners.
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${red}"/>${flame}</svg>`;
await write('apple-touch-icon-180.png', apple, 180);
