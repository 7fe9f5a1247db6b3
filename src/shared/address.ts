import type { Country } from './enums';

/**
 * US states, DC and the inhabited territories, by their USPS codes. A full name is accepted
 * and stored as the code, so lists, reports and a code set read one spelling.
 */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
};

/** Canada's provinces and territories, by Canada Post's codes. */
export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut',
  ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

const REGIONS: Record<Country, Readonly<Record<string, string>>> = { us: US_STATES, ca: CA_PROVINCES };

/** "Québec", "new  york" and "Washington, D.C." compare as "quebec", "newyork", "washingtondc". */
const squash = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** Other names people write for a region, squashed, by its code. */
const OTHER_NAMES: Record<Country, Record<string, string>> = {
  us: { washingtondc: 'DC', virginislands: 'VI', usvirginislands: 'VI', unitedstatesvirginislands: 'VI' },
  ca: { newfoundland: 'NL', labrador: 'NL', pei: 'PE', yukonterritory: 'YT', nwt: 'NT', pq: 'QC' },
};

const byName = new Map<Country, Map<string, string>>();
function namesOf(country: Country): Map<string, string> {
  let names = byName.get(country);
  if (!names) {
    names = new Map(Object.entries(REGIONS[country]).map(([code, name]) => [squash(name), code]));
    for (const [name, code] of Object.entries(OTHER_NAMES[country])) names.set(name, code);
    byName.set(country, names);
  }
  return names;
}

/** The region's code ("MA" for "Massachusetts", "ma" or "MA"), or undefined when the country has no such region. */
export function regionCode(country: Country, value: string): string | undefined {
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && REGIONS[country][upper]) return upper;
  return namesOf(country).get(squash(trimmed));
}

const US_ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
// Canada Post never uses D, F, I, O, Q or U, nor W or Z as the first letter.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/** The postal code as the post office writes it ("02110", "02110-1234", "M5V 2T6"), or undefined. */
export function postalCode(country: Country, value: string): string | undefined {
  const trimmed = value.trim().toUpperCase();
  if (country === 'us') {
    const m = US_ZIP.exec(trimmed);
    return m ? (m[2] ? `${m[1]}-${m[2]}` : m[1]) : undefined;
  }
  const m = CA_POSTAL.exec(trimmed);
  return m ? `${m[1]} ${m[2]}` : undefined;
}

export const ADDRESS_MESSAGES = {
  us: {
    state: 'Enter a US state as its two-letter code (e.g. MA) or its name',
    zip: 'Enter a 5-digit ZIP code (e.g. 02110) or ZIP+4 (02110-1234)',
  },
  ca: {
    state: 'Enter a province or territory as its two-letter code (e.g. ON) or its name',
    zip: 'Enter a postal code like M5V 2T6',
  },
} as const satisfies Record<Country, { state: string; zip: string }>;

export type AddressCheck =
  | { ok: true; state: string; zip: string }
  | { ok: false; fieldErrors: Partial<Record<'state' | 'zip', string>> };

/**
 * State or province and postal code checked against the country, and written the one way:
 * the region's two-letter code, the code in the post office's form. Empty values are left to
 * the required-field messages.
 */
export function checkAddress(country: Country, state: string, zip: string): AddressCheck {
  const fieldErrors: Partial<Record<'state' | 'zip', string>> = {};
  const code = state.trim() ? regionCode(country, state) : state;
  const postal = zip.trim() ? postalCode(country, zip) : zip;
  if (code === undefined) fieldErrors.state = ADDRESS_MESSAGES[country].state;
  if (postal === undefined) fieldErrors.zip = ADDRESS_MESSAGES[country].zip;
  if (code === undefined || postal === undefined) return { ok: false, fieldErrors };
  return { ok: true, state: code, zip: postal };
}
