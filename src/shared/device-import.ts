import { csvRowsFromCells, squashHeader, type CsvColumns } from './csv-columns';
import { csvRowNumber } from './csv-import';
import { SUBTYPE_QUESTION } from './devices';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS, type InspectionType } from './enums';
import { ITEM_QUESTIONS } from './item-questions';
import { createDeviceSchema, type CreateDeviceValues, type DeviceImportRow } from './schemas/device';
import { phraseReader, wordsOf } from './word-phrases';

/**
 * The device import (issue 32 §1): a spreadsheet of extinguishers, lights and detectors, its
 * headers matched as people write them (as the property import does, csv-columns.ts), its item
 * types, agents and months read from people's words. The dialog reads the file with this and
 * the server checks every row again with the same functions.
 */
export type DeviceColumn = keyof DeviceImportRow;

const REQUIRED = ['itemType'] as const satisfies readonly DeviceColumn[];
const OPTIONAL = [
  'subtype', 'rating', 'building', 'floor', 'room', 'description', 'tag', 'serialNumber', 'manufacturer', 'model', 'manufacturedOn', 'installedOn', 'notes',
] as const satisfies readonly DeviceColumn[];

/** The headers people write for each column, squashed (csv-columns.ts squashHeader), best first. */
const ALIASES: Record<DeviceColumn, readonly string[]> = {
  itemType: ['itemtype', 'type', 'devicetype', 'equipmenttype', 'assettype', 'safetyitem', 'item', 'device', 'equipment', 'kind', 'category'],
  subtype: ['subtype', 'agent', 'extinguishingagent', 'agenttype', 'extinguishertype', 'class', 'powersource', 'power'],
  rating: ['rating', 'size', 'sizerating', 'ulrating', 'capacity', 'weight'],
  building: ['building', 'buildingname', 'bldg', 'wing', 'block'],
  floor: ['floor', 'level', 'storey', 'story', 'floornumber'],
  room: ['room', 'roomnumber', 'roomno', 'suite', 'unit', 'area'],
  description: ['location', 'locationdescription', 'description', 'where', 'position', 'mountinglocation'],
  tag: ['tag', 'tagcode', 'tagnumber', 'tagno', 'tagid', 'assettag', 'barcode', 'qrcode', 'label', 'assetnumber', 'assetid', 'devicenumber', 'deviceid', 'id'],
  serialNumber: ['serialnumber', 'serial', 'serialno', 'sn', 'sno'],
  manufacturer: ['manufacturer', 'make', 'brand', 'mfr', 'mfg', 'maker'],
  model: ['model', 'modelnumber', 'modelno'],
  manufacturedOn: [
    'manufacturedon', 'manufacturedate', 'manufacturingdate', 'dateofmanufacture', 'manufactured', 'datemanufactured', 'manufacturemonth',
    'mfgdate', 'mfrdate', 'mfddate', 'mfgmonth', 'mfd',
  ],
  installedOn: ['installedon', 'installdate', 'installationdate', 'installed', 'dateinstalled', 'installeddate', 'inservicedate', 'inservice'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
};

export const DEVICE_CSV_COLUMNS: CsvColumns<DeviceColumn> = { required: REQUIRED, optional: OPTIONAL, aliases: ALIASES };

/** The column names the dialog lists and the template uses, in the template's order. */
export const DEVICE_CSV_HEADERS: Record<DeviceColumn, string> = {
  itemType: 'Type',
  subtype: 'Agent',
  rating: 'Size',
  building: 'Building',
  floor: 'Floor',
  room: 'Room',
  description: 'Location',
  tag: 'Tag',
  serialNumber: 'Serial number',
  manufacturer: 'Manufacturer',
  model: 'Model',
  manufacturedOn: 'Manufactured',
  installedOn: 'Installed',
  notes: 'Notes',
};

export const DEVICE_CSV_TEMPLATE_FILE_NAME = 'device-import-template.csv';
export const DEVICE_CSV_TEMPLATE = [
  Object.values(DEVICE_CSV_HEADERS).join(','),
  'Fire extinguisher,ABC,5 lb,Main,3,301,By stair B door,,FX-20931,Amerex,B500,Apr 2019,2019-06-01,',
  'Fire extinguisher,CO2,10 lb,Main,B,Boiler room,Inside the door,,,Badger,,2021-11,,',
  'Exit light,,,Main,1,,Over the front door,,,,,,,',
  'Smoke detector,,,Annex,2,204,Ceiling,,,,,,,',
].join('\r\n');

/**
 * What people call each safety item on a device list. "Exit light" is an illuminated exit
 * sign (the Emergency Exits item, NFPA 101 7.10); "emergency light" is the Emergency Lighting item.
 */
const ITEM_TYPE_WORDS: Partial<Record<InspectionType, readonly string[]>> = {
  fire_extinguisher: ['extinguisher', 'fire extinguisher', 'portable extinguisher', 'extinguisher cabinet', 'fe'],
  emergency_lighting: [
    'emergency light', 'emergency lighting', 'emergency lamp', 'emergency luminaire', 'emergency unit', 'em light', 'egress light',
    'battery light', 'battery unit', 'bug eye', 'bugeye', 'twin head', 'elu',
  ],
  emergency_exits: ['exit light', 'exit sign', 'exit', 'lit exit', 'illuminated exit', 'exit door', 'egress door', 'emergency exit'],
  smoke_detectors: ['smoke detector', 'detector', 'heat detector', 'smoke head', 'duct detector', 'beam detector', 'smoke sensor', 'heat sensor'],
  smoke_co_alarms: ['smoke alarm', 'co alarm', 'carbon monoxide alarm', 'co detector', 'carbon monoxide detector', 'smoke co alarm', 'combination alarm'],
  fire_alarm: ['fire alarm', 'pull station', 'manual pull station', 'pull box', 'horn strobe', 'strobe', 'horn', 'bell', 'fire alarm panel', 'facp', 'notification appliance'],
  fire_doors: ['fire door', 'rated door', 'fire rated door', 'fire shutter'],
  sprinkler_system: ['sprinkler', 'sprinkler system', 'sprinkler riser', 'riser', 'sprinkler head'],
  backflow_preventers: ['backflow', 'backflow preventer', 'rpz', 'double check', 'dcva'],
  kitchen_hood_suppression: ['kitchen hood', 'hood suppression', 'hood system', 'kitchen suppression', 'ansul'],
  standpipes: ['standpipe', 'hose valve', 'hose cabinet', 'hose station', 'fire hose', 'hose reel'],
  emergency_generator: ['generator', 'emergency generator', 'genset'],
  fire_smoke_dampers: ['damper', 'fire damper', 'smoke damper', 'fire smoke damper'],
  fire_pump: ['fire pump', 'jockey pump'],
  special_hazard_suppression: ['special hazard', 'suppression system', 'clean agent system', 'fm200', 'fm 200', 'novec', 'co2 system'],
  private_hydrants_mains: ['hydrant', 'fire hydrant', 'private hydrant'],
  water_storage_tanks: ['water tank', 'fire water tank', 'storage tank', 'tank'],
  smoke_control: ['smoke control', 'smoke exhaust', 'stair pressurization', 'pressurization fan'],
};

/**
 * The extinguisher agents as people write them, by the rows of NFPA 10 (2022) Table 8.3.1 that
 * src/shared/item-questions/fire-extinguisher.ts names: "ABC" and "dry chem" are stored-pressure
 * dry chemical, "K class" wet chemical. The emergency light's power source likewise.
 */
const SUBTYPE_WORDS: Partial<Record<InspectionType, Record<string, readonly string[]>>> = {
  fire_extinguisher: {
    dry_chemical: ['abc', 'a b c', 'bc', 'b c', 'dry chem', 'dry chemical', 'stored pressure', 'multipurpose', 'multi purpose', 'purple k', 'pkp', 'dcp', 'dry chemical powder'],
    dry_chemical_cartridge: ['cartridge', 'cartridge operated', 'cylinder operated', 'dry chemical cartridge'],
    dry_chemical_stainless: ['stainless', 'stainless steel', 'stainless dry chemical'],
    co2: ['co2', 'co 2', 'carbon dioxide'],
    water: ['water', 'pressurized water', 'pressurised water', 'apw', 'h2o', 'water mist', 'antifreeze', 'loaded stream', 'wetting agent', 'class a'],
    foam: ['foam', 'afff', 'fffp', 'ar afff'],
    wet_chemical: ['wet chem', 'wet chemical', 'k class', 'class k', 'k', 'kitchen'],
    halogenated: ['halon', 'halotron', 'halogenated', 'clean agent', 'fe 36', 'fe36', 'cleanguard'],
    dry_powder: ['dry powder', 'class d', 'd class', 'met l x', 'metlx'],
  },
  emergency_lighting: {
    battery: ['battery', 'batteries', 'self contained', 'unit equipment', 'battery pack', 'central battery'],
    generator: ['generator', 'genset'],
  },
};

const readItemTypeWords = phraseReader(ITEM_TYPE_WORDS);
const subtypeReaders = Object.fromEntries(Object.entries(SUBTYPE_WORDS).map(([type, words]) => [type, phraseReader(words)])) as Partial<
  Record<InspectionType, (value: string) => string | undefined>
>;

/** The item type a cell names: its own name ("fire_extinguisher", "Fire Extinguishers") or people's words. */
export function readItemType(value: string): InspectionType | undefined {
  const compact = wordsOf(value).join('');
  if (!compact) return undefined;
  const own = INSPECTION_TYPES.find((t) => t.replace(/_/g, '') === compact || squashHeader(INSPECTION_TYPE_LABELS[t]) === compact);
  return own ?? readItemTypeWords(value);
}

/** The options of the item's subtype question (the extinguisher's agents), value and label. */
export function subtypeOptions(itemType: InspectionType): readonly { value: string; label: string }[] {
  const key = SUBTYPE_QUESTION[itemType];
  return ITEM_QUESTIONS.find((q) => q.itemType === itemType && q.key === key)?.options ?? [];
}

/** The subtype a cell names, as its option value ('dry_chemical'), for an item that has subtypes. */
export function readSubtype(itemType: InspectionType, value: string): string | undefined {
  const compact = wordsOf(value).join('');
  const own = subtypeOptions(itemType).find((o) => o.value.replace(/_/g, '') === compact);
  return own?.value ?? subtypeReaders[itemType]?.(value);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOfName = (word: string) => {
  const at = MONTHS.indexOf(word.toLowerCase().slice(0, 3));
  // "Sept", "April", "Jun": a month's name or its first letters, at least three.
  return at >= 0 && word.length >= 3 ? at + 1 : undefined;
};
const twoDigits = (n: number) => String(n).padStart(2, '0');
/** "Apr-19" is 2019, "Apr-98" 1998: a two-digit year past next year's is of the last century. */
const fullYear = (y: string) => {
  if (y.length !== 2) return Number(y);
  const twoDigit = Number(y);
  return twoDigit > (new Date().getUTCFullYear() % 100) + 1 ? 1900 + twoDigit : 2000 + twoDigit;
};

/**
 * A month and year as labels and spreadsheets write them: "2019-04", "2019/04", "04/2019",
 * "4-2019", "Apr 2019", "April 2019", "Apr-19", and a whole date ("2019-04-15") read as its
 * month. "YYYY-MM", or undefined when the cell is not one.
 */
export function readMonth(value: string): string | undefined {
  const v = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?$/.exec(v);
  if (m) return month(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})[-/.](\d{4})$/.exec(v);
  if (m) return month(Number(m[2]), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.?[\s,-]+(\d{4}|\d{2})$/.exec(v);
  if (m) return month(fullYear(m[2]!), monthOfName(m[1]!));
  // A whole date in the United States' order (month first): only its month counts.
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) return month(Number(m[3]), Number(m[1]) > 12 ? Number(m[2]) : Number(m[1]));
  return undefined;
}

function month(year: number, monthNumber: number | undefined): string | undefined {
  if (!monthNumber || monthNumber < 1 || monthNumber > 12 || year < 1000) return undefined;
  return `${year}-${twoDigits(monthNumber)}`;
}

/**
 * A day as spreadsheets write it: "2021-03-15", "03/15/2021" (month first, as in the United
 * States; "15/03/2021" is read day first since no month is 15), "15 Mar 2021", "Mar 15, 2021",
 * or a month alone ("2021-03", "Mar 2021"), read as its first day. "YYYY-MM-DD" or undefined.
 */
export function readDay(value: string): string | undefined {
  const v = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(v);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? day(Number(m[3]), b, a) : day(Number(m[3]), a, b);
  }
  m = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s,-]+(\d{4})$/.exec(v);
  if (m) return day(Number(m[3]), monthOfName(m[2]!), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(v);
  if (m) return day(Number(m[3]), monthOfName(m[1]!), Number(m[2]));
  const monthOnly = readMonth(v);
  return monthOnly ? `${monthOnly}-01` : undefined;
}

function day(year: number, monthNumber: number | undefined, dayNumber: number): string | undefined {
  if (!monthNumber || monthNumber > 12 || year < 1000) return undefined;
  const text = `${year}-${twoDigits(monthNumber)}-${twoDigits(dayNumber)}`;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text) ? text : undefined;
}

/** Every row of a file read as a device, or the problems that stop it, each named by its field. */
export type ReadDeviceRow =
  | { ok: true; line: number; values: CreateDeviceValues }
  | { ok: false; line: number; problems: string[]; itemType: InspectionType | null };

const ITEM_TYPE_HINT = 'write what it is, for example Extinguisher, Emergency light, Exit light or Smoke detector';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One row of the file (keyed by column) as a device to create, or its problems in words. */
export function readDeviceRow(row: Partial<Record<DeviceColumn, unknown>>, index: number): ReadDeviceRow {
  const line = csvRowNumber(index);
  const problems: string[] = [];
  const typeCell = text(row.itemType);
  const itemType = typeCell ? readItemType(typeCell) : undefined;
  if (!typeCell) problems.push(`Type: missing; ${ITEM_TYPE_HINT}`);
  else if (!itemType) problems.push(`Type: “${typeCell}” is not a safety item Firemark knows; ${ITEM_TYPE_HINT}`);

  let subtype: string | null = null;
  const subtypeCell = text(row.subtype);
  if (subtypeCell && itemType) {
    if (!SUBTYPE_QUESTION[itemType]) {
      problems.push(`Agent: ${INSPECTION_TYPE_LABELS[itemType]} have no agent or kind in Firemark; leave the cell empty or put it in Notes`);
    } else {
      const read = readSubtype(itemType, subtypeCell);
      if (read) subtype = read;
      else
        problems.push(
          itemType === 'fire_extinguisher'
            ? `Agent: “${subtypeCell}” is not an extinguisher agent Firemark knows; write ABC, dry chem, CO2, water, foam, K class, clean agent or dry powder`
            : `Agent: “${subtypeCell}” is not one of ${subtypeOptions(itemType).map((o) => o.value).join(', ')}`,
        );
    }
  }

  const manufacturedCell = text(row.manufacturedOn);
  const manufacturedOn = manufacturedCell ? readMonth(manufacturedCell) : null;
  if (manufacturedCell && !manufacturedOn) problems.push(`Manufactured: “${manufacturedCell}” is not a month and year; write it as 2019-04, 04/2019 or Apr 2019`);
  const installedCell = text(row.installedOn);
  const installedOn = installedCell ? readDay(installedCell) : null;
  if (installedCell && !installedOn) problems.push(`Installed: “${installedCell}” is not a date; write it as 2021-03-15 or 03/15/2021`);

  if (problems.length || !itemType) return { ok: false, line, problems, itemType: itemType ?? null };

  const parsed = createDeviceSchema.safeParse({
    itemType,
    subtype,
    rating: text(row.rating),
    location: { building: text(row.building), floor: text(row.floor), room: text(row.room), description: text(row.description) },
    tag: text(row.tag),
    serialNumber: text(row.serialNumber),
    manufacturer: text(row.manufacturer),
    model: text(row.model),
    manufacturedOn,
    installedOn,
    notes: text(row.notes),
  });
  if (parsed.success) return { ok: true, line, values: parsed.data };
  const messages = parsed.error.issues.map((issue) => {
    const field = issue.path[issue.path.length - 1];
    const header = typeof field === 'string' && field in DEVICE_CSV_HEADERS ? DEVICE_CSV_HEADERS[field as DeviceColumn] : undefined;
    return header ? `${header}: ${issue.message}` : issue.message;
  });
  return { ok: false, line, problems: [...new Set(messages)], itemType };
}

/** "Main · Floor 3 · Room 301 · by stair B door": where a row's device is, for the preview. */
export function locationText(location: { building?: string | null; floor?: string | null; room?: string | null; description?: string | null }): string {
  return [location.building, location.floor ? `Floor ${location.floor}` : null, location.room ? `Room ${location.room}` : null, location.description]
    .filter(Boolean)
    .join(' · ');
}

/** A serial number compared as people mean it: case, spaces and dashes aside. */
export const serialKey = (serial: string) => serial.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** As deviceImportSchema takes them (src/shared/schemas/device.ts). */
export const DEVICE_IMPORT_MAX_ROWS = 5000;

/** Turns parsed CSV cells (header row first) into rows keyed by column, as the API takes them. */
export function deviceRowsFromCells(cells: string[][]): { rows: DeviceImportRow[]; error?: string } {
  const { rows, error } = csvRowsFromCells(DEVICE_CSV_COLUMNS, cells);
  if (error?.startsWith('Missing required columns')) return { rows: [], error: 'The file needs a column saying what each device is (Type, Device or Equipment)' };
  if (rows.length > DEVICE_IMPORT_MAX_ROWS) {
    return { rows: [], error: `The file has ${rows.length.toLocaleString('en-US')} devices; import at most ${DEVICE_IMPORT_MAX_ROWS.toLocaleString('en-US')} at once, in several files.` };
  }
  return { rows: rows as DeviceImportRow[], error };
}
