import { ignoredCsvColumns } from '@shared/csv-columns';
import { PROPERTY_CSV_COLUMNS, rowsFromCells, validateCsvRows } from '@shared/csv-import';
import { readCsvCells } from '@/lib/read-csv';

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

/** Reads a CSV file the way SPEC 5 describes. */
export async function readCsvFile(file: File): Promise<CsvReadResult> {
  const { cells, quoteProblems } = await readCsvCells(file);
  const { rows, error } = rowsFromCells(cells);
  if (error) return { rows: [], validCount: 0, errors: [error], ignoredColumns: [] };

  const { properties, errors } = validateCsvRows(rows);
  return { rows, validCount: properties.length, errors: [...quoteProblems, ...errors], ignoredColumns: ignoredCsvColumns(PROPERTY_CSV_COLUMNS, cells) };
}
