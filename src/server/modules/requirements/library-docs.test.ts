import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SET_LABELS, CODE_SETS } from '@shared/code-sets';
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

/** "120 months (first at 600)": a row counted from installation or manufacture whose first comes later than its repeat. */
const intervalCell = (entry: { intervalMonths: number | null; intervalDays: number | null; firstAfterMonths: number | null }) =>
  (entry.intervalMonths !== null ? `${entry.intervalMonths} ${entry.intervalMonths === 1 ? 'month' : 'months'}` : `${entry.intervalDays} days`) +
  (entry.firstAfterMonths !== null && entry.firstAfterMonths !== entry.intervalMonths ? ` (first at ${entry.firstAfterMonths})` : '');

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
      const interval = intervalCell(entry);
      const cells = [INSPECTION_TYPE_LABELS[entry.itemType], activity, interval, entry.source];
      expect(rows).toContain(`| ${cells.join(' | ')} |${entry.note ? ` ${entry.note} |` : ' |'}`);
    }
  });
});

/** Issue 37 §3: every code set's rows are listed under its own heading in "Code sets". */
describe('docs/compliance-schedule.md, code sets', () => {
  it("lists every row of each set other than us-nfpa with its interval and source", async () => {
    const doc = readFileSync(path.join(projectRoot, 'docs', 'compliance-schedule.md'), 'utf8');
    const lines = doc.split('\n');
    for (const set of CODE_SETS.filter((s) => s !== 'us-nfpa')) {
      const heading = lines.indexOf(`#### ${CODE_SET_LABELS[set]} (\`${set}\`)`);
      expect(heading, `a heading for ${set}`).toBeGreaterThan(-1);
      const header = lines.findIndex((line, i) => i > heading && line.startsWith('| Safety item | Activity |'));
      const end = lines.findIndex((line, i) => i > header && !line.startsWith('|'));
      const rows = lines.slice(header + 2, end === -1 ? undefined : end);
      const library = await listLibrary(ctx.runtime.db, set);
      expect(rows).toHaveLength(library.length);
      for (const entry of library) {
        const activity = entry.principal ? `${entry.activity} (principal)` : entry.activity;
        const interval = intervalCell(entry);
        expect(rows).toContain(`| ${[INSPECTION_TYPE_LABELS[entry.itemType], activity, interval, entry.source].join(' | ')} |`);
      }
      if (set !== 'us-cms') for (const row of rows) expect(row).not.toContain('NFPA 101');
    }
  });
});
