import { ignoredCsvColumns } from '@shared/csv-columns';
import { HISTORY_CSV_COLUMNS, historyRowsFromCells } from '@shared/inspection-history-csv';
import { HISTORY_MAX_ROWS, historyRowSchema } from '@shared/schemas/inspection-history';
import { readCsvCells } from '@/lib/read-csv';

/** The spreadsheet's own numbering: the header is line 1, so the first row is line 2. */
export const csvLine = (index: number) => index + 2;

export interface HistoryFile {
  /** Every row, keyed by column, as read. */
  rows: Record<string, string>[];
  /** Indexes (in rows) of the rows whose cells are well formed: these are sent for the preview. */
  sent: number[];
  /** Rows whose cells cannot be read (a date not written YYYY-MM-DD, a result not pass or fail), by index. */
  problems: { index: number; message: string }[];
  /** What stops the whole file: missing columns, broken quotes, too many rows. */
  errors: string[];
  /** Headers no column takes: named as not imported. */
  ignoredColumns: string[];
}

/** A cell that is not a date fails its later checks too ("before 1970"); its first message says it. */
function firstMessagePerField(issues: { path: PropertyKey[]; message: string }[]): string[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...new Set(byField.values())];
}

/**
 * Reads an inspection history CSV with the property import's reader and header matching, and
 * checks each row's cells with the API's own row schema, so a row the server would refuse is
 * named here with its line instead of failing the whole preview.
 */
export async function readHistoryFile(file: File, today: string): Promise<HistoryFile> {
  const { cells, quoteProblems } = await readCsvCells(file);
  const { rows, error } = historyRowsFromCells(cells);
  const empty = { rows: [], sent: [], problems: [], ignoredColumns: [] };
  if (error) return { ...empty, errors: [error] };
  if (rows.length > HISTORY_MAX_ROWS) {
    return { ...empty, errors: [`A file can hold at most ${HISTORY_MAX_ROWS.toLocaleString('en-US')} rows; this one has ${rows.length.toLocaleString('en-US')}. Split it and import each part.`] };
  }

  const sent: number[] = [];
  const problems: HistoryFile['problems'] = [];
  rows.forEach((row, index) => {
    const parsed = historyRowSchema.safeParse(row);
    if (!parsed.success) {
      problems.push({ index, message: firstMessagePerField(parsed.error.issues).join('; ') });
    } else if (parsed.data.performedOn > today) {
      problems.push({ index, message: 'The day it was done cannot be in the future' });
    } else {
      sent.push(index);
    }
  });
  return { rows, sent, problems, errors: quoteProblems, ignoredColumns: ignoredCsvColumns(HISTORY_CSV_COLUMNS, cells) };
}
