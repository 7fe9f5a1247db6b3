// After `vite build`: moves the source maps out of the public folder (they stay beside the
// build for debugging, never served), writes the signed-in page (app.html) and the
// precompressed copies of the client.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { compressClient } from './compress-client.mjs';
import { writeAppPage } from './write-app-page.mjs';

const clientDir = path.resolve('dist/client');
const mapsDir = path.resolve('dist/client-source-maps');

rmSync(mapsDir, { recursive: true, force: true });
mkdirSync(mapsDir, { recursive: true });
for (const name of readdirSync(path.join(clientDir, 'assets'))) {
  if (name.endsWith('.map')) renameSync(path.join(clientDir, 'assets', name), path.join(mapsDir, name));
}
writeAppPage(clientDir);
compressClient(clientDir);
