// Prints the library's rows of each code set other than us-nfpa as the tables of
// docs/compliance-schedule.md ("Code sets"); a test checks the docs against the library.
// Run: npx tsx scripts/code-set-tables.ts
import { CODE_SET_LABELS, CODE_SETS } from '../src/shared/code-sets';
import { INSPECTION_TYPE_LABELS, INSPECTION_TYPES } from '../src/shared/enums';
import { LIBRARY } from '../src/server/modules/requirements/library';

for (const set of CODE_SETS.filter((s) => s !== 'us-nfpa')) {
  console.log(`#### ${CODE_SET_LABELS[set]} (\`${set}\`)\n`);
  console.log('| Safety item | Activity | Interval | Source |');
  console.log('|---|---|---|---|');
  const entries = [...LIBRARY[set].entries].sort((a, b) => INSPECTION_TYPES.indexOf(a.itemType) - INSPECTION_TYPES.indexOf(b.itemType));
  for (const e of entries) {
    const every = 'months' in e.interval ? `${e.interval.months} ${e.interval.months === 1 ? 'month' : 'months'}` : `${e.interval.days} days`;
    // Counted from installation or manufacture with a first that comes later than the repeat (decision 041).
    const first = e.firstAfter && (!('months' in e.interval) || e.firstAfter.months !== e.interval.months) ? ` (first at ${e.firstAfter.months})` : '';
    const interval = every + first;
    console.log(`| ${INSPECTION_TYPE_LABELS[e.itemType]} | ${e.principal ? `${e.activity} (principal)` : e.activity} | ${interval} | ${e.source} |`);
  }
  console.log('');
}
