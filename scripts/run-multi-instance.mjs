// `npm run test:multi-instance`: the several-machine set-up test (docs/deploy.md, "Tested set-up")
// against the built server. Builds first when the sources changed since the last build, unless
// MULTI_INSTANCE_SKIP_BUILD=1 (CI, which has just built).
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.mjs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.MULTI_INSTANCE_SKIP_BUILD !== '1' && !buildIsCurrent()) run('npm', ['run', 'build', '--silent']);
run('npx', ['vitest', 'run', '--config', 'vitest.multi-instance.config.ts', ...process.argv.slice(2)]);
