import type { Country, PropertyType } from './enums';

/**
 * The code sets a property's requirements come from (issue 37 §3, DECISIONS "Item types,
 * activities and code sets"): which standards, in which editions, a fire official of its
 * jurisdiction enforces. The library holds its rows per code set
 * (src/server/modules/requirements/library/); docs/compliance-schedule.md lists them.
 */
export const CODE_SETS = ['us-nfpa', 'us-cms', 'ca-nfc', 'ca-on'] as const;
export type CodeSet = (typeof CODE_SETS)[number];

export const CODE_SET_LABELS: Record<CodeSet, string> = {
  'us-nfpa': 'United States: current NFPA editions',
  'us-cms': 'United States: CMS-certified healthcare (NFPA 101 and 99, 2012)',
  'ca-nfc': 'Canada: National Fire Code (2020)',
  'ca-on': 'Ontario: Ontario Fire Code (O. Reg. 213/07)',
};

/**
 * The documents and editions each set's rows cite, as the property page, the report and share
 * links list them. Where an edition is what the code's referenced-documents table names
 * rather than a quotation, docs/compliance-schedule.md ("Code sets") says so.
 */
export const CODE_SET_EDITIONS: Record<CodeSet, readonly string[]> = {
  'us-nfpa': ['NFPA 10 (2022)', 'NFPA 25 (2023)', 'NFPA 72 (2022)', 'NFPA 101 (2021)'],
  'us-cms': ['NFPA 101 (2012)', 'NFPA 99 (2012)', 'NFPA 10 (2010)', 'NFPA 25 (2011)', 'NFPA 72 (2010)', 'NFPA 80 (2010)', 'NFPA 110 (2010)'],
  'ca-nfc': ['National Fire Code of Canada (2020) Part 6', 'CAN/ULC-S536 (2019)', 'NFPA 10 (2018)', 'NFPA 25 (2017)', 'National Building Code of Canada (2020) 3.2.7'],
  'ca-on': ['Ontario Fire Code (O. Reg. 213/07) Part 6', 'CAN/ULC-S536', 'NFPA 10', 'NFPA 25 (2014)'],
};

/** What the sets cover, in a sentence each, where the choice needs one. */
export const CODE_SET_HINTS: Record<CodeSet, string> = {
  'us-nfpa': 'The current NFPA editions: the default in the United States.',
  'us-cms': 'Hospitals, nursing homes and other facilities certified by CMS (Medicare and Medicaid), which enforces the 2012 Life Safety Code and the editions it references.',
  'ca-nfc': "Canada's National Fire Code, with CAN/ULC-S536 for fire alarms. Never cites NFPA 101.",
  'ca-on': "Ontario's Fire Code, which Ontario enforces instead of the National Fire Code.",
};

export const isCodeSet = (value: unknown): value is CodeSet => typeof value === 'string' && (CODE_SETS as readonly string[]).includes(value);

/**
 * The code set a new property gets, from where it is: Ontario's Fire Code in Ontario, the
 * National Fire Code elsewhere in Canada, the current NFPA editions in the United States. A US
 * healthcare property keeps the current editions too: CMS's editions apply only to facilities
 * it certifies, which the property's type does not say, so the set is offered
 * (suggestedCodeSet) rather than chosen for it.
 */
export function defaultCodeSet(place: { country: Country; state: string; propertyType: PropertyType }): CodeSet {
  if (place.country === 'ca') return place.state.trim().toUpperCase() === 'ON' ? 'ca-on' : 'ca-nfc';
  return 'us-nfpa';
}

/** A set worth offering beside the default: CMS's for a US healthcare property that has the default. */
export function suggestedCodeSet(place: { country: Country; propertyType: PropertyType; codeSet: CodeSet }): CodeSet | null {
  return place.country === 'us' && place.propertyType === 'healthcare' && place.codeSet === 'us-nfpa' ? 'us-cms' : null;
}

/** How a report and a share link name the set: its label and the editions its rows cite. */
export function codeSetLine(codeSet: CodeSet): string {
  return `${CODE_SET_LABELS[codeSet]}. Editions: ${CODE_SET_EDITIONS[codeSet].join(', ')}.`;
}
