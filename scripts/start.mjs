// `npm start`: builds only when the sources changed since the last build (scripts/build-stamp.mjs),
// then runs the server under a small supervisor (scripts/supervise.mjs) that restarts it,
// with backoff, if it ever stops on an error it could not handle.
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.mjs';
import { supervise } from './supervise.mjs';

if (!buildIsCurrent()) {
  console.log('[firemark] The sources changed since the last build (or there is none): building, this takes a minute.');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    console.error('[firemark] The build failed (see above); fix the error and run npm start again.');
    process.exit(build.status ?? 1);
  }
}
// `npm start -- worker` (or web, migrate): the role goes to the server (docs/deploy.md).
supervise(new URL('../dist/server/main.js', import.meta.url), { args: process.argv.slice(2) });
