import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The floors of src/server/README.md, checked: a lower floor never imports a higher one, so
 * the session plugin, the database and the mail outbox work without any feature module, and
 * jobs stand above the modules whose work they run.
 */
const SERVER = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every relative import of the files under `floor`, as paths under src/server. */
function importsOf(floor: string): { file: string; target: string }[] {
  return sourceFiles(path.join(SERVER, floor)).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((m) => ({
      file: path.relative(SERVER, file),
      target: path.relative(SERVER, path.resolve(path.dirname(file), m[1]!)),
    }));
  });
}

const crossings = (floor: string, forbidden: string[]) =>
  importsOf(floor)
    .filter(({ target }) => forbidden.some((above) => target === above || target.startsWith(`${above}/`)))
    .map(({ file, target }) => `${file} -> ${target}`);

describe('the floors of src/server', () => {
  it('keeps plugins, the database layer, e-mail and PDFs free of feature modules and jobs', () => {
    expect(crossings('plugins', ['modules', 'jobs'])).toEqual([]);
    expect(crossings('db', ['modules', 'jobs', 'plugins'])).toEqual([]);
    expect(crossings('email', ['modules', 'jobs', 'plugins'])).toEqual([]);
    expect(crossings('pdf', ['modules', 'jobs', 'plugins'])).toEqual([]);
  });

  it('keeps feature modules below the jobs that run them', () => {
    expect(crossings('modules', ['jobs'])).toEqual([]);
  });

  it('finds imports at all (the check cannot pass by reading nothing)', () => {
    expect(importsOf('modules').length).toBeGreaterThan(100);
    expect(crossings('modules', ['db']).length).toBeGreaterThan(0);
  });
});
