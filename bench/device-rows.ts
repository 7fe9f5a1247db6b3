import pg from 'pg';

/** The library row of the walk the device benches measure. */
export const MONTHLY = 'fire_extinguisher.monthly-visual-inspection';

/**
 * `count` extinguishers as a CSV import sends them (agents and months as people write them):
 * two buildings, `floors` floors each, `perFloor` a floor; one in five CO2, the rest ABC; made
 * over `years` years from `firstYear`.
 */
export function extinguisherRows(options: { count: number; floors: number; perFloor: number; firstYear: number; years: number }) {
  const { count, floors, perFloor, firstYear, years } = options;
  return Array.from({ length: count }, (_, i) => ({
    itemType: 'Fire extinguisher',
    subtype: i % 5 === 0 ? 'CO2' : 'ABC',
    rating: i % 5 === 0 ? '10 lb' : '5 lb',
    building: i < count / 2 ? 'North' : 'South',
    floor: String(1 + (Math.floor(i / perFloor) % floors)),
    room: String(100 + (i % perFloor)),
    description: i % 3 === 0 ? 'by the stair door' : 'in the corridor, east wall',
    manufacturedOn: `${firstYear + (i % years)}-${String(1 + (i % 12)).padStart(2, '0')}`,
  }));
}

/** An answer's JSON, or an error naming what failed when its status is not the one expected. */
export async function json<T>(response: Response, expected: number, what: string): Promise<T> {
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The property's monthly extinguisher inspection, which its imported devices brought. */
export async function monthlyRequirement(dbUrl: string, propertyId: number): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select r.id from requirements r join requirement_library l on l.id = r.library_id where r.property_id = $1 and l.key = $2`,
      [propertyId, MONTHLY],
    );
    if (!rows[0]) throw new Error('The imported extinguishers brought no monthly inspection');
    return rows[0].id;
  } finally {
    await client.end();
  }
}
