import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The several-machine set-up test (docs/deploy.md, "Tested set-up"): the built server as
 * separate processes against a PostgreSQL server given by TEST_DATABASE_URL. It runs on its
 * own (`npm run test:multi-instance`, a CI step of its own), not in the API suite.
 */
export default defineConfig({
  resolve: {
    alias: { '@': r('./src/client'), '@shared': r('./src/shared') },
  },
  test: {
    include: ['src/server/multi-instance/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_PREFIX ?? 'multi-instance'}-vitest.json` }]]
      : ['default'],
  },
});
