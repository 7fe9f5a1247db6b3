import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The client lives in src/client and is built to dist/client, which the server serves.
// React Router's package exports only its development build (ENABLE_DEV_WARNINGS on, extra
// checks on every navigation): remix-run/react-router#12532 and #14102. The production build
// ships beside it; a production bundle takes that one.
const reactRouterProduction = r('./node_modules/react-router/dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  root: r('./src/client'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: r('./src/client') },
      { find: '@shared', replacement: r('./src/shared') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    // Maps for debugging, without a link in the served files; scripts/finish-client-build.mjs
    // moves them out of the public folder.
    sourcemap: 'hidden',
    // The precompressed copies are measured by bench/bundle-size.ts; skipping this saves build time.
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // Dozens of chunks of one icon or one small helper each cost a request apiece (six at a
        // time over HTTP/1.1); chunks of pure definitions under this size join a chunk loaded
        // on the same occasions.
        experimentalMinChunkSize: 20_000,
      },
      onwarn(warning, warn) {
        // zod's sources carry explanatory comments next to @__PURE__ marks, which Rollup
        // reports and drops; nothing in our code or in the output is wrong.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
    // bench/ reads it to measure what each page downloads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
}));
