import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_TYPE_LABELS } from '@shared/enums';
import { projectRoot } from '../../paths';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { listLibrary } from './requirements.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The library is data in the database; the docs list it, and must list what it holds. */
describe('docs/compliance-schedule.md', () => {
  it('lists every library entry with its interval, source and note', async () => {
    const doc = readFileSync(path.join(projectRoot, 'docs', 'compliance-schedule.md'), 'utf8');
    // The library's table: the rows under its header, up to the first line that is no row.
    const lines = doc.split('\n');
    const header = lines.findIndex((line) => line.startsWith('| Safety item | Activity |'));
    const end = lines.findIndex((line, i) => i > header && !line.startsWith('|'));
    const rows = lines.slice(header + 2, end === -1 ? undefined : end);
    const library = await listLibrary(ctx.runtime.db);
    expect(rows).toHaveLength(library.length);
    for (const entry of library) {
      const activity = entry.principal ? `${entry.activity} (principal)` : entry.activity;
      const interval = entry.intervalMonths !== null ? `${entry.intervalMonths} ${entry.intervalMonths === 1 ? 'month' : 'months'}` : `${entry.intervalDays} days`;
      const cells = [INSPECTION_TYPE_LABELS[entry.itemType], activity, interval, entry.source];
      expect(rows).toContain(`| ${cells.join(' | ')} |${entry.note ? ` ${entry.note} |` : ' |'}`);
    }
  });
});
