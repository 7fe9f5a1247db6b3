import { matchColumns, rowsFromCells, validateCsvRows } from '@shared/csv-import';

export interface CsvReadResult {
  /** Rows keyed by column, as read; sent to the server, which validates them again. */
  rows: Record<string, string>[];
  /** How many rows would be imported. */
  validCount: number;
  /** 'Missing required columns: ...', 'Row N: Missing ...' and the like; empty when all is well. */
  errors: string[];
  /** Headers of the file's columns that no field takes ("Notes", "Year built"): the preview names them. */
  ignoredColumns: string[];
}

/** The header row's columns that matchColumns gives to no field. */
function ignoredColumns(cells: string[][]): string[] {
  const header = cells.find((r) => r.some((c) => c.trim() !== ''));
  if (!header) return [];
  const clean = header.map((h) => h.replace(/^\uFEFF/, '').trim());
  const used = new Set(Object.values(matchColumns(clean).index));
  return clean.filter((h, i) => h !== '' && !used.has(i));
}

/**
 * Spreadsheets save CSV as UTF-8 (with or without a byte-order mark) or, in older Excel
 * versions, in the Windows code page; UTF-8 that does not decode is read as Windows-1252.
 */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Reads a CSV file the way SPEC 5 describes; papaparse is fetched only when a file is chosen. */
export async function readCsvFile(file: File): Promise<CsvReadResult> {
  const [{ default: Papa }, text] = await Promise.all([import('papaparse'), readText(file)]);
  // papaparse handles quoted commas and line breaks, CRLF, and guesses ; or tab delimiters.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const quoteProblems = parsed.errors
    .filter((e) => e.type === 'Quotes')
    .map((e) => `Row ${(e.row ?? 0) + 1}: ${e.message}`);

  const { rows, error } = rowsFromCells(parsed.data);
  if (error) return { rows: [], validCount: 0, errors: [error], ignoredColumns: [] };

  const { properties, errors } = validateCsvRows(rows);
  return { rows, validCount: properties.length, errors: [...quoteProblems, ...errors], ignoredColumns: ignoredColumns(parsed.data) };
}
