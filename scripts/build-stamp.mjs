// Decides whether dist/ was built from the sources as they are now: `npm run build` records
// a hash of every file the build reads in dist/build-stamp.json, and `npm start` rebuilds
// only when that hash no longer matches (or the build is missing).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', 'build-stamp.json');
const INPUT_DIRS = ['src/client', 'src/shared', 'src/server'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/render-landing.tsx',
  'scripts/finish-client-build.mjs',
  'scripts/write-app-page.mjs',
  'scripts/compress-client.mjs',
];
const OUTPUTS = ['dist/server/main.js', 'dist/server/report-worker.js', 'dist/client/index.html', 'dist/client/landing.html', 'dist/client/app.html'];
// Tests are not part of the build; editing one must not cost a rebuild.
const isTest = (name) => /\.test\.tsx?$/.test(name) || name === 'testing';

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (isTest(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

export function sourceHash() {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => [...walk(path.join(root, dir))]), ...INPUT_FILES.map((file) => path.join(root, file))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function buildIsCurrent() {
  if (!OUTPUTS.every((file) => existsSync(path.join(root, file))) || !existsSync(stampFile)) return false;
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).sources === sourceHash();
  } catch {
    return false;
  }
}

export function writeBuildStamp() {
  writeFileSync(stampFile, `${JSON.stringify({ sources: sourceHash(), builtAt: new Date().toISOString() }, null, 2)}\n`);
}

if (process.argv[2] === 'write') writeBuildStamp();
