/**
 * A 10,000-row inspection history import (issue 35 §2) on the large portfolio: one past
 * inspection for each of its 10,000 properties, named as a spreadsheet names them (the
 * property's name, the safety item and activity as people write them, pass or fail).
 */
const ITEMS = [
  { itemType: 'Fire extinguishers', activity: 'Annual maintenance' },
  { itemType: 'Sprinklers', activity: 'quarterly' },
  { itemType: 'Fire alarm', activity: '' },
  { itemType: 'Smoke detectors', activity: 'annual' },
];

export async function measureHistoryImport(url: string, cookie: string, properties: number): Promise<Record<string, number>> {
  const origin = new URL(url).origin;
  const day = (i: number) => new Date(Date.now() - (30 + (i % 300)) * 86_400_000).toISOString().slice(0, 10);
  const rows = Array.from({ length: properties }, (_, i) => ({
    property: `Property ${i + 1}`,
    ...ITEMS[i % ITEMS.length]!,
    performedOn: day(i),
    result: i % 17 === 0 ? 'fail' : 'pass',
    inspector: 'Dana Cole',
  }));
  const started = performance.now();
  const res = await fetch(`${url}/api/inspection-history/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ rows }),
  });
  if (res.status !== 201) throw new Error(`History import failed (${res.status}): ${(await res.text()).slice(0, 500)}`);
  return { 'import 10,000-row inspection history (ms)': Math.round(performance.now() - started) };
}
