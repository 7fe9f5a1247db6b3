import { sql, type SQL } from 'drizzle-orm';
import { propertyScope, type Reach } from '../../access';

/**
 * The properties a figure counts: the member's reach (server/access.ts) and, when the caller
 * chose some, only those. A chosen id out of reach or of another organisation matches nothing,
 * so it is simply not counted. `column` is a property id column, e.g. sql`p.id`.
 */
export function insightScope(reach: Reach, chosen: readonly number[] | undefined, column: SQL): SQL {
  const reached = propertyScope(reach, column);
  if (!chosen) return reached;
  return sql`${reached} and ${column} = any(${`{${chosen.join(',')}}`}::int[])`;
}

/** What a figure is asked for: whose data, which properties, and the organisation's today. */
export interface InsightAsk {
  reach: Reach;
  propertyIds: readonly number[] | undefined;
  /** Today in the organisation's time zone, YYYY-MM-DD. */
  today: string;
  timeZone: string;
}
