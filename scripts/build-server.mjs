// Bundles the server into dist/server/main.js, and the report-drawing thread beside it
// (dist/server/report-worker.js, loaded by modules/reports/report-renderer.ts); dependencies
// stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'report-worker': 'src/server/modules/reports/report-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
