import type { Country, PropertyType } from './enums';

/**
 * The code sets a property's requirements come from (issue 37 §3, DECISIONS "Item types,
 * activities and code sets"): which standards, in which editions, a fire official of its
 * jurisdiction enforces. The library holds its rows per code set
 * (src/server/modules/requirements/library/); docs/compliance-schedule.md lists them.
 */
export const CODE_SETS = ['us-nfpa'] as const;
export type CodeSet = (typeof CODE_SETS)[number];

export const CODE_SET_LABELS: Record<CodeSet, string> = {
  'us-nfpa': 'United States: current NFPA editions',
};

/** The code set a new property gets, from where it is and what it is used for. */
export function defaultCodeSet(_place: { country: Country; state: string; propertyType: PropertyType }): CodeSet {
  return 'us-nfpa';
}
