/**
 * Reading a spreadsheet's header row the way people write it, for every CSV import (properties,
 * inspection history): each column has names, best first, matched across case, spaces and
 * punctuation ("Address Line 1", "address_line1" and "ADDRESSLINE1" are one name).
 */
export interface CsvColumns<C extends string> {
  required: readonly C[];
  optional: readonly C[];
  /** The names people give each column, squashed (see squashHeader), best first. */
  aliases: Record<C, readonly string[]>;
}

export const squashHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A column takes the first of its names that the file has, and a header names one column at most. */
export function matchCsvColumns<C extends string>(columns: CsvColumns<C>, headers: string[]): { index: Partial<Record<C, number>>; missing: C[] } {
  const index: Partial<Record<C, number>> = {};
  const squashed = headers.map(squashHeader);
  const taken = new Set<number>();
  for (const column of [...columns.required, ...columns.optional]) {
    for (const alias of columns.aliases[column]) {
      const at = squashed.findIndex((h, i) => h === alias && !taken.has(i));
      if (at >= 0) {
        index[column] = at;
        taken.add(at);
        break;
      }
    }
  }
  return { index, missing: columns.required.filter((c) => index[c] === undefined) };
}

/** Turns parsed CSV cells (header row first) into row objects keyed by column. */
export function csvRowsFromCells<C extends string>(columns: CsvColumns<C>, cells: string[][]): { rows: Record<string, string>[]; error?: string } {
  const nonEmpty = cells.filter((r) => r.some((c) => c.trim() !== ''));
  if (nonEmpty.length < 2) return { rows: [], error: 'CSV must have at least a header row and one data row' };
  const [header, ...data] = nonEmpty as [string[], ...string[][]];
  const { index, missing } = matchCsvColumns(columns, header.map((h) => h.replace(/^\uFEFF/, '')));
  if (missing.length) return { rows: [], error: `Missing required columns: ${missing.join(', ')}` };
  const rows = data.map((cellsOfRow) => {
    const row: Record<string, string> = {};
    for (const [column, at] of Object.entries(index)) row[column] = (cellsOfRow[at as number] ?? '').trim();
    return row;
  });
  return { rows };
}

/** The header row's columns that no field takes ("Year built"): previews name them as not imported. */
export function ignoredCsvColumns<C extends string>(columns: CsvColumns<C>, cells: string[][]): string[] {
  const header = cells.find((r) => r.some((c) => c.trim() !== ''));
  if (!header) return [];
  const clean = header.map((h) => h.replace(/^\uFEFF/, '').trim());
  const used = new Set(Object.values(matchCsvColumns(columns, clean).index));
  return clean.filter((h, i) => h !== '' && !used.has(i));
}
