import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@': r('./src/client'), '@shared': r('./src/shared') },
  },
  test: {
    include: ['src/**/*.test.ts'],
    // The several-machine set-up runs on its own, against PostgreSQL 15 (vitest.multi-instance.config.ts).
    exclude: [...configDefaults.exclude, 'src/server/multi-instance/**'],
    environment: 'node',
    // One PostgreSQL per run (embedded, or TEST_DATABASE_URL); each test file clones the template.
    globalSetup: ['./src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // CI collects a JSON report per suite to sum them in its closing line.
    reporters: process.env.CI_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_PREFIX ?? 'run'}-vitest.json` }]]
      : ['default'],
  },
});
