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

export interface CsvCells {
  /** Every line's cells, the header first. */
  cells: string[][];
  /** "Row 3: Quoted field unterminated" and the like. */
  quoteProblems: string[];
}

/**
 * Reads a chosen CSV file into cells, for every import (properties, inspection history);
 * papaparse is fetched only when a file is chosen.
 */
export async function readCsvCells(file: File): Promise<CsvCells> {
  const [{ default: Papa }, text] = await Promise.all([import('papaparse'), readText(file)]);
  // papaparse handles quoted commas and line breaks, CRLF, and guesses ; or tab delimiters.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const quoteProblems = parsed.errors
    .filter((e) => e.type === 'Quotes')
    .map((e) => `Row ${(e.row ?? 0) + 1}: ${e.message}`);
  return { cells: parsed.data, quoteProblems };
}
