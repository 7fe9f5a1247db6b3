// Sums the JSON reports of every suite CI ran into one closing line: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const file of files) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p;
  let f;
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky counts as failed here.
    p = report.stats.expected;
    f = report.stats.unexpected + report.stats.flaky + (report.errors?.length ?? 0);
  } else {
    // Vitest: a file that failed to load counts as a failure too.
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
  }
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
const expected = ['embedded-vitest.json', 'embedded-playwright.json', 'external-vitest.json', 'multi-instance-vitest.json'];
for (const name of expected) {
  if (!files.includes(name)) {
    console.log(`${name}: missing (the suite did not run)`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
