import { z } from 'zod';
import { csvRowsFromCells, matchCsvColumns, squashHeader, type CsvColumns } from './csv-columns';
import { COUNTRIES, type PropertyType } from './enums';
import { readPropertyType } from './property-type-words';
import { addressByCountry, propertyFieldsSchema, type PropertyValues } from './schemas/property';

/** SPEC 5, "CSV import": the columns, matched loosely and case-insensitively. */
export const CSV_REQUIRED_COLUMNS = ['name', 'addressLine1', 'city', 'state', 'zip', 'propertyType', 'managerEmail'] as const;
export const CSV_OPTIONAL_COLUMNS = ['addressLine2', 'country'] as const;
export const CSV_TEMPLATE_FILE_NAME = 'property-import-template.csv';
export const CSV_MAX_ROWS = 10_000;

export const CSV_TEMPLATE = [
  [...CSV_REQUIRED_COLUMNS.slice(0, 2), 'addressLine2', ...CSV_REQUIRED_COLUMNS.slice(2), 'country'].join(','),
  'Harbor View Offices,100 Harbor Way,Suite 200,Boston,MA,02110,commercial,facilities@example.com,us',
  'Maple Street Apartments,42 Maple Street,,Toronto,ON,M5V 2T6,residential,manager@example.com,ca',
].join('\r\n');

type Column = (typeof CSV_REQUIRED_COLUMNS)[number] | (typeof CSV_OPTIONAL_COLUMNS)[number];

/**
 * The headers people write for each column, squashed, best first: a column takes the first
 * of its names that the file has, and a header names one column at most.
 */
export const CSV_COLUMN_ALIASES: Record<Column, readonly string[]> = {
  name: ['name', 'propertyname', 'property', 'buildingname', 'building'],
  addressLine1: ['addressline1', 'address1', 'streetaddress', 'street', 'address', 'addressline'],
  addressLine2: ['addressline2', 'address2', 'suite', 'unit'],
  city: ['city', 'town'],
  state: ['state', 'province', 'stateprovince', 'region'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal'],
  propertyType: ['propertytype', 'type', 'buildingtype'],
  managerEmail: ['manageremail', 'propertymanageremail', 'email', 'emailaddress'],
  country: ['country', 'countrycode'],
};

export const PROPERTY_CSV_COLUMNS: CsvColumns<Column> = { required: CSV_REQUIRED_COLUMNS, optional: CSV_OPTIONAL_COLUMNS, aliases: CSV_COLUMN_ALIASES };

export function matchColumns(headers: string[]): { index: Partial<Record<Column, number>>; missing: string[] } {
  return matchCsvColumns(PROPERTY_CSV_COLUMNS, headers);
}

/**
 * What makes two properties the same for an import: the name and the first address line,
 * in any case, spacing and punctuation ("12 Main St." is "12 main st").
 */
export function duplicateKey(property: { name: string; addressLine1: string }): string {
  const normal = (v: string) => v.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return `${normal(property.name)}|${normal(property.addressLine1)}`;
}

/**
 * The rows (by index) that repeat a property the account has, or an earlier row of the file.
 * Rows that are not valid have no key and are never duplicates.
 */
export function findDuplicateRows(rows: Record<string, unknown>[], existingKeys: ReadonlySet<string>): number[] {
  const seen = new Set(existingKeys);
  const duplicates: number[] = [];
  rows.forEach((row, i) => {
    if (typeof row.name !== 'string' || typeof row.addressLine1 !== 'string' || !row.name.trim() || !row.addressLine1.trim()) return;
    const key = duplicateKey({ name: row.name, addressLine1: row.addressLine1 });
    if (seen.has(key)) duplicates.push(i);
    else seen.add(key);
  });
  return duplicates;
}

/**
 * "Health Care" reads as healthcare, and the words people use as the type they mean ("Office"
 * is commercial, "Hotel" residential: property-type-words.ts); unknown words become other (SPEC).
 */
export function normalizePropertyType(value: string): PropertyType {
  return readPropertyType(value).type;
}

const COUNTRY_NAMES: Record<string, (typeof COUNTRIES)[number]> = {
  us: 'us', usa: 'us', unitedstates: 'us', unitedstatesofamerica: 'us',
  ca: 'ca', can: 'ca', canada: 'ca',
};

/** One CSV row as the client sends it and the server re-validates it. */
export const csvPropertyRowSchema = addressByCountry(propertyFieldsSchema.extend({
  // Required (an empty cell is reported as missing); a type we do not know becomes other.
  propertyType: z.string().trim().max(50).transform(normalizePropertyType),
  country: z
    .string()
    .trim()
    .max(50)
    .default('us')
    .transform((v) => (v ? COUNTRY_NAMES[squashHeader(v)] : 'us'))
    .refine((v) => v !== undefined, 'Country must be United States (us) or Canada (ca)'),
}));

/**
 * The shape of one row as the API takes it, checked before anything walks the body: a flat
 * object of cells. A cell that is not text (a number from a JSON tool) is reported per row
 * by validateCsvRows; a nested value is refused here, so no walk ever descends into one.
 */
const CELL_MESSAGE = 'Each cell must be text';
const csvCellSchema = z.union([z.string().max(10_000, 'A cell can hold at most 10,000 characters'), z.number(), z.boolean(), z.null()], { error: CELL_MESSAGE });
const csvRowShapeSchema = z
  .record(z.string().max(200, 'A column name can hold at most 200 characters'), csvCellSchema, { error: 'Each row must be an object of cells' })
  .refine((row) => Object.keys(row).length <= 100, 'A row can hold at most 100 columns');

export const bulkImportSchema = z.object({
  filename: z.string().trim().max(255).default('import.csv'),
  /** "Import them anyway": rows that repeat an existing property are imported too. */
  includeDuplicates: z.boolean({ error: 'Must be true or false' }).default(false),
  properties: z
    .array(csvRowShapeSchema, { error: 'Send the rows as a list' })
    .min(1, 'CSV must have at least a header row and one data row')
    .max(CSV_MAX_ROWS, `A file can hold at most ${CSV_MAX_ROWS} properties`),
});

/** What the preview learns from the server before anything is imported. */
export const importCheckResponse = z.object({
  duplicateRows: z.array(z.number().int().min(0)).describe('Indexes of rows repeating a property the account has (or an earlier row)'),
});
export type ImportCheck = z.infer<typeof importCheckResponse>;

export const importResultResponse = z.object({
  importId: z.number().int().min(1),
  importedCount: z.number().int().min(0),
  skippedCount: z.number().int().min(0),
  message: z.string(),
});
export type ImportResult = z.infer<typeof importResultResponse>;

/** The spreadsheet's own numbering: the header is row 1, so the first property is row 2. */
export const csvRowNumber = (dataIndex: number) => dataIndex + 2;

/**
 * Validates rows (objects keyed by column) and names every problem the way SPEC does:
 * "Row N: Missing city, zip". Used by the import dialog's preview and again by the server.
 */
export function validateCsvRows(rows: Record<string, unknown>[]): { properties: PropertyValues[]; errors: string[] } {
  const properties: PropertyValues[] = [];
  const errors: string[] = [];
  rows.forEach((row, i) => {
    // Cells are text; anything else (a JSON body can hold anything) counts as empty.
    const missing = CSV_REQUIRED_COLUMNS.filter((c) => typeof row[c] !== 'string' || (row[c] as string).trim() === '');
    if (missing.length) {
      errors.push(`Row ${csvRowNumber(i)}: Missing ${missing.join(', ')}`);
      return;
    }
    const parsed = csvPropertyRowSchema.safeParse(row);
    if (parsed.success) {
      properties.push(parsed.data as PropertyValues);
    } else {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      errors.push(`Row ${csvRowNumber(i)}: ${messages.join('; ')}`);
    }
  });
  return { properties, errors };
}

/** Turns parsed CSV cells (header row first) into row objects keyed by column name. */
export function rowsFromCells(cells: string[][]): { rows: Record<string, string>[]; error?: string } {
  return csvRowsFromCells(PROPERTY_CSV_COLUMNS, cells);
}
