import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from './paths';

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
