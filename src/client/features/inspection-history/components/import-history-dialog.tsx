import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { HISTORY_CSV_TEMPLATE, HISTORY_CSV_TEMPLATE_FILE_NAME } from '@shared/inspection-history-csv';
import type { HistoryPreview, HistoryPreviewRow, HistoryRowInput, HistoryUnmatched } from '@shared/schemas/inspection-history';
import { isApiError, serverMessage } from '@/lib/api';
import { chooseCsvFile } from '@/lib/choose-csv-file';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { CsvFileField } from '@/components/csv-file-field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { importHistory, previewHistory } from '../api/history-calls';
import { refreshAfterHistory } from '../api/refresh-after-history';
import { HistoryPreviewList, type PreviewProblem } from './history-preview-list';
import { csvLine, readHistoryFile, type HistoryFile } from './read-history-file';

interface ImportHistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type FileState =
  | { status: 'empty' }
  | { status: 'reading'; fileName: string }
  | { status: 'read'; fileName: string; file: HistoryFile }
  | { status: 'invalid'; message: string };

type PreviewState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; preview: HistoryPreview } | { status: 'failed'; message: string };

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(HISTORY_CSV_TEMPLATE)}`;

/** The well-formed rows, as read: the server reads each cell again. */
const rowsToSend = (read: HistoryFile) => read.sent.map((i) => read.rows[i] as HistoryRowInput);

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The rows a 422 names: they matched nothing when the import was tried (a property renamed since the preview, say). */
function unmatchedRowsOf(error: unknown): HistoryPreviewRow[] {
  if (!isApiError(error) || error.status !== 422) return [];
  const rows = (error.body as Partial<HistoryUnmatched> | null)?.rows;
  return Array.isArray(rows) ? rows : [];
}

/**
 * Issue 35 §2, "Import inspection history": a spreadsheet of past inspections, previewed with
 * what each row matched and what it will change (rows that match nothing first, with their line),
 * then recorded all together or not at all.
 */
export function ImportHistoryDialog({ open, onOpenChange }: ImportHistoryDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const today = useToday();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [file, setFile] = useState<FileState>({ status: 'empty' });
  const [preview, setPreview] = useState<PreviewState>({ status: 'idle' });
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const [refusedRows, setRefusedRows] = useState<HistoryPreviewRow[]>([]);
  // The file chosen last: an answer about an earlier one is dropped.
  const chosen = useRef(0);
  // One key per file read: importing it again after a lost answer gets that answer, not a second record.
  const attemptKey = useRef<string | null>(null);

  const reset = () => {
    chosen.current += 1;
    attemptKey.current = null;
    setFile({ status: 'empty' });
    setPreview({ status: 'idle' });
    setImportError(null);
    setRefusedRows([]);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onOpenChangeGuarded = (next: boolean) => {
    if (!next && importing) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const turn = ++chosen.current;
    attemptKey.current = null;
    setImportError(null);
    setRefusedRows([]);
    setPreview({ status: 'idle' });
    const picked = await chooseCsvFile(
      event,
      (chosenFile) => readHistoryFile(chosenFile, today),
      (step) => {
        if (turn === chosen.current) setFile(step);
      },
    );
    if (!picked || turn !== chosen.current) return;
    const read = picked.contents;
    attemptKey.current = newIdempotencyKey();
    setFile({ status: 'read', fileName: picked.fileName, file: read });
    if (read.errors.length || read.sent.length === 0) return;
    setPreview({ status: 'loading' });
    try {
      const answer = await previewHistory({ rows: rowsToSend(read) });
      if (turn === chosen.current) setPreview({ status: 'done', preview: answer });
    } catch (error) {
      if (turn === chosen.current) setPreview({ status: 'failed', message: serverMessage(error, 'The file could not be checked against your properties. Please try again.') });
    }
  };

  const read = file.status === 'read' ? file.file : null;
  const answer = preview.status === 'done' ? preview.preview : null;
  // Rows the server answered about are numbered within what was sent; the file's own lines are shown.
  const lineOf = (sentLine: number) => csvLine(read!.sent[sentLine - 1]!);
  // A row the import refused is listed once, whether the preview or the import found it.
  const unmatched = new Map<number, string>();
  for (const r of [...(answer?.rows ?? []), ...refusedRows]) {
    if (r.status === 'unmatched' && read) unmatched.set(lineOf(r.line), r.problem ?? 'Matches nothing');
  }
  const problems: PreviewProblem[] = read
    ? [...read.problems.map((p) => ({ line: csvLine(p.index), message: p.message })), ...[...unmatched].map(([line, message]) => ({ line, message }))].sort(
        (a, b) => a.line - b.line,
      )
    : [];
  // The server numbers rows as sent ("Already in this file (row 2)"); the file's own lines are shown.
  const fileLines = (problem: string) => problem.replace(/\(row (\d+)\)/, (text, n: string) => (read?.sent[Number(n) - 1] === undefined ? text : `(line ${lineOf(Number(n))})`));
  const matched = answer ? answer.rows.filter((r) => r.status === 'matched').map((r) => ({ ...r, line: lineOf(r.line) })) : [];
  // Rows already recorded (or repeated in the file) are skipped: they neither block nor count.
  const duplicates: PreviewProblem[] = answer
    ? answer.rows.filter((r) => r.status === 'duplicate').map((r) => ({ line: lineOf(r.line), message: fileLines(r.problem ?? 'Already recorded') }))
    : [];
  const notes = [...new Set(matched.map((r) => r.note).filter((n): n is string => Boolean(n)))];
  const count = matched.length;
  const canImport = Boolean(read && answer && !read.errors.length && problems.length === 0 && count > 0 && !importing);

  const onImport = async () => {
    if (!read || file.status !== 'read') return;
    attemptKey.current ??= newIdempotencyKey();
    setImporting(true);
    setImportError(null);
    try {
      const done = await importHistory({ rows: rowsToSend(read) }, attemptKey.current);
      void refreshAfterHistory(queryClient, { withGrid: true });
      const skipped = done.skipped ? ` ${plural(done.skipped, 'row was', 'rows were')} already recorded and left out.` : '';
      toast({
        title: 'Inspection History Imported',
        description: `${plural(done.imported, 'inspection', 'inspections')} recorded; each schedule now counts from its latest.${skipped}`,
      });
      setImporting(false);
      reset();
      onOpenChange(false);
    } catch (error) {
      setImporting(false);
      setRefusedRows(unmatchedRowsOf(error));
      setImportError(serverMessage(error, 'Import failed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChangeGuarded}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>Import inspection history</DialogTitle>
          <DialogDescription>
            Past inspections from your records, one a row. Each becomes a completed inspection on the day it was done,
            and every schedule counts from its latest. Nothing is recorded until every row matches; rows already recorded are
            left out.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-3 rounded-lg border bg-muted/60 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            Columns: property (its name, “name, address”, or its id), itemType, activity (optional), performedOn
            (YYYY-MM-DD), result (pass or fail), inspector and notes (optional).
          </p>
          <a
            href={TEMPLATE_HREF}
            download={HISTORY_CSV_TEMPLATE_FILE_NAME}
            className="inline-flex shrink-0 items-center gap-2 self-start rounded-md text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:self-auto"
          >
            <Download aria-hidden="true" className="size-4" />
            Download the template
          </a>
        </div>

        <CsvFileField
          ref={inputRef}
          onChange={(event) => void onFileChange(event)}
          disabled={importing}
          hint={
            <>
              Headers are matched loosely (“Date performed”, “Pass/Fail” work), and safety items and activities as people
              write them (“Extinguishers”, “annual maintenance”). With no activity, the item’s main requirement is taken.
            </>
          }
        />

        {file.status === 'invalid' ? <FormAlert>{file.message}</FormAlert> : null}
        {file.status === 'reading' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Reading {file.fileName}...
          </p>
        ) : null}
        {read && read.errors.length ? (
          <FormAlert>
            <p className="font-medium">Fix these problems in the file and choose it again:</p>
            <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5">
              {read.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </FormAlert>
        ) : null}
        {preview.status === 'loading' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Matching the rows to your properties...
          </p>
        ) : null}
        {preview.status === 'failed' ? <FormAlert>{preview.message}</FormAlert> : null}
        {importError ? <FormAlert>{importError}</FormAlert> : null}

        {read && !read.errors.length && (answer || (read.problems.length > 0 && read.sent.length === 0)) ? (
          <HistoryPreviewList
            rowCount={read.rows.length}
            problems={problems}
            matched={matched}
            duplicates={duplicates}
            notes={notes}
            ignoredColumns={read.ignoredColumns}
          />
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChangeGuarded(false)} disabled={importing}>
            Cancel
          </Button>
          <Button onClick={() => void onImport()} disabled={!canImport}>
            {importing ? (
              <>
                <Spinner /> Importing...
              </>
            ) : (
              <>
                <Upload aria-hidden="true" />
                Import {plural(count, 'inspection', 'inspections')}
              </>
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
