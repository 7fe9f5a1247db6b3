import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from './paths';
import { buildServer } from './testing/app-process';

const dir = mkdtempSync(path.join(os.tmpdir(), 'firemark-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A module hook records every module a fresh Node process resolves, in order.
function modulesResolvedBy(script: string): string[] {
  const log = path.join(dir, 'resolved.log');
  const hooks = path.join(dir, 'hooks.mjs');
  const register = path.join(dir, 'register.mjs');
  writeFileSync(log, '');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
  return resolved;
}`,
  );
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`);
  execFileSync(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(register).href, '--input-type=module', '-e', script], {
    cwd: projectRoot,
    env: { ...process.env, MARK: log },
  });
  return readFileSync(log, 'utf8').split('\n');
}

it('loads pdfkit when the first PDF is made, not when the server starts', { timeout: 60_000 }, () => {
  const resolved = modulesResolvedBy(`
    import { appendFileSync } from 'node:fs';
    await import('./src/server/app.ts');
    await import('./src/server/runtime.ts');
    appendFileSync(process.env.MARK, 'started\\n');
    const { createPdf } = await import('./src/server/pdf/document.ts');
    const { doc, bytes } = await createPdf({});
    doc.end();
    await bytes;
  `);
  const started = resolved.indexOf('started');
  expect(started).toBeGreaterThan(0);
  const pdfkit = resolved.findIndex((url) => url.includes('/node_modules/pdfkit/'));
  expect(pdfkit).toBeGreaterThan(started);
});

it('loads the AWS SDK only for files in object storage, not on the disk', { timeout: 60_000 }, () => {
  const resolved = modulesResolvedBy(`
    import { appendFileSync } from 'node:fs';
    await import('./src/server/app.ts');
    const { createFileStores } = await import('./src/server/files/file-stores.ts');
    const { loadConfig } = await import('./src/server/config.ts');
    (await createFileStores(loadConfig({}))).close();
    appendFileSync(process.env.MARK, 'on the disk\\n');
    const s3 = await createFileStores(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'firemark-files', S3_ENDPOINT: 'http://127.0.0.1:9', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }));
    s3.close();
  `);
  const disk = resolved.indexOf('on the disk');
  expect(disk).toBeGreaterThan(0);
  const sdk = resolved.findIndex((url) => url.includes('/node_modules/@aws-sdk/client-s3/'));
  expect(sdk).toBeGreaterThan(disk);
});

it('keeps the AWS SDK a dynamic import in the bundle the server runs from', { timeout: 120_000 }, async () => {
  const server = await buildServer();
  try {
    const bundle = readFileSync(server.entry, 'utf8');
    // A static import would load the SDK at every start, bucket or not.
    expect(bundle).not.toMatch(/^\s*import\b[^;]*?from\s*["']@aws-sdk\//m);
    expect(bundle).toMatch(/\bimport\(\s*["']@aws-sdk\/client-s3["']\s*\)/);
  } finally {
    server.remove();
  }
});
