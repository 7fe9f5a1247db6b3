import { memo, useId, useRef, useState, type ChangeEvent } from 'react';
import { CircleCheck, Download, FileSpreadsheet, Upload } from 'lucide-react';
import { ignoredCsvColumns } from '@shared/csv-columns';
import { DEVICE_CSV_COLUMNS, DEVICE_CSV_HEADERS, DEVICE_CSV_TEMPLATE, DEVICE_CSV_TEMPLATE_FILE_NAME, deviceRowsFromCells } from '@shared/device-import';
import type { InspectionType } from '@shared/enums';
import type { DeviceImportRow } from '@shared/schemas/device';
import { serverMessage } from '@/lib/api';
import { chooseCsvFile } from '@/lib/choose-csv-file';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { readCsvCells } from '@/lib/read-csv';
import { SM_UP, useMediaQuery } from '@/lib/use-media-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { CsvFileField } from '@/components/csv-file-field';
import { Spinner } from '@/components/ui/spinner';
import { MoreRows, useRowsDrawn } from '@/components/rows-drawn';
import { previewDeviceImport, refusedRows, useImportDevices, useRefreshAfterImport, type DeviceImportPreview, type DeviceImportPreviewRow } from '../api/use-add-devices';
import { itemLabel } from './device-text';

interface DeviceImportDialogProps {
  propertyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A chosen file as read here: its rows keyed by column, or why it cannot be read. */
interface ReadFile {
  rows: DeviceImportRow[];
  /** "The file needs a column…", "Row 3: Quoted field unterminated"; empty when all is well. */
  errors: string[];
  ignoredColumns: string[];
  /** The import's Idempotency-Key: one per file chosen, so a second press after a lost answer imports nothing twice. */
  key: string;
}

type FileState =
  | { status: 'empty' }
  | { status: 'reading'; fileName: string }
  | { status: 'invalid'; message: string }
  | { status: 'read'; fileName: string; file: ReadFile };

type PreviewState = { status: 'idle' } | { status: 'checking' } | { status: 'checked'; preview: DeviceImportPreview } | { status: 'failed'; message: string };

async function readDeviceFile(file: File): Promise<ReadFile> {
  const { cells, quoteProblems } = await readCsvCells(file);
  const { rows, error } = deviceRowsFromCells(cells);
  return { rows, errors: [...(error ? [error] : []), ...quoteProblems], ignoredColumns: error ? [] : ignoredCsvColumns(DEVICE_CSV_COLUMNS, cells), key: newIdempotencyKey() };
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([DEVICE_CSV_TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = DEVICE_CSV_TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A refused import's rows laid over the preview: what the server found when it tried. */
function withRefused(preview: DeviceImportPreview, refused: DeviceImportPreviewRow[]): DeviceImportPreview {
  const byLine = new Map(refused.map((r) => [r.line, r]));
  const rows = preview.rows.map((r) => byLine.get(r.line) ?? r);
  const count = (status: DeviceImportPreviewRow['status']) => rows.filter((r) => r.status === status).length;
  return { rows, okCount: count('ok'), invalidCount: count('invalid'), duplicateCount: count('duplicate') };
}

/**
 * "Import devices" (issue 32 §1): a spreadsheet of extinguishers, lights and detectors, its
 * headers matched as people write them, each row shown ready, with problems or a duplicate (same
 * tag or serial number), and imported all together or not at all.
 */
export function DeviceImportDialog({ propertyId, open, onOpenChange }: DeviceImportDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<FileState>({ status: 'empty' });
  const [preview, setPreview] = useState<PreviewState>({ status: 'idle' });
  const importer = useImportDevices(propertyId);
  const refreshAfterImport = useRefreshAfterImport();
  // The file whose rows are being checked: an answer for an older file is dropped.
  const latest = useRef<ReadFile | null>(null);

  const reset = () => {
    latest.current = null;
    setFile({ status: 'empty' });
    setPreview({ status: 'idle' });
    importer.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const onOpenChangeGuarded = (next: boolean) => {
    if (!next && importer.isPending) return;
    // After an import, or one whose answer was lost: the lists may have changed.
    if (!next && (importer.isSuccess || importer.isError)) refreshAfterImport();
    if (!next) reset();
    onOpenChange(next);
  };

  const check = async (read: ReadFile) => {
    setPreview({ status: 'checking' });
    try {
      const answer = await previewDeviceImport(propertyId, read.rows);
      if (latest.current === read) setPreview({ status: 'checked', preview: answer });
    } catch (error) {
      if (latest.current === read) setPreview({ status: 'failed', message: serverMessage(error, 'The rows could not be checked. Please try again.') });
    }
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    importer.reset();
    latest.current = null;
    setPreview({ status: 'idle' });
    const chosen = await chooseCsvFile(event, readDeviceFile, setFile);
    if (!chosen) return;
    latest.current = chosen.contents;
    setFile({ status: 'read', fileName: chosen.fileName, file: chosen.contents });
    if (chosen.contents.errors.length === 0) await check(chosen.contents);
  };

  const read = file.status === 'read' ? file.file : null;
  const checked = preview.status === 'checked' ? preview.preview : null;
  const problemCount = checked ? checked.invalidCount + checked.duplicateCount : 0;
  const canImport = read !== null && checked !== null && problemCount === 0 && checked.okCount > 0 && !importer.isPending;

  const onImport = () => {
    if (!read || !checked) return;
    importer.mutate(
      { rows: read.rows, key: read.key },
      {
        onError: (error) => {
          const refused = refusedRows(error);
          // Rows that became duplicates since the preview (another import, say): shown in place.
          if (refused) setPreview({ status: 'checked', preview: withRefused(checked, refused) });
        },
      },
    );
  };

  if (importer.isSuccess) {
    const imported = importer.data.imported;
    return (
      <Dialog open={open} onOpenChange={onOpenChangeGuarded}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Import devices</DialogTitle>
            <DialogDescription>The import is done.</DialogDescription>
          </DialogHeader>
          <div role="status" className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            <p className="font-medium">
              Imported {plural(imported, 'device', 'devices')}. They are on the Devices list, each with its tag; print their labels from there.
            </p>
          </div>
          <DialogFooter>
            <Button onClick={() => onOpenChangeGuarded(false)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  const refusedMessage = importer.isError && refusedRows(importer.error) ? serverMessage(importer.error, '') : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChangeGuarded}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Import devices</DialogTitle>
          <DialogDescription>
            Add a property’s extinguishers, lights and detectors from a spreadsheet saved as CSV, one device a row. Every row must be
            ready: nothing is imported until all of them are.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-3 rounded-lg border bg-muted/60 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            Columns: {Object.values(DEVICE_CSV_HEADERS).join(', ')}. Only {DEVICE_CSV_HEADERS.itemType} is required; a device without a tag
            gets one made.
          </p>
          <Button variant="outline" size="sm" onClick={downloadTemplate} className="self-start sm:self-auto">
            <Download aria-hidden="true" />
            Download Template
          </Button>
        </div>

        <CsvFileField
          ref={inputRef}
          onChange={(event) => void onFileChange(event)}
          disabled={importer.isPending}
          hint={
            <>
              Headers are matched loosely (“Device type”, “Serial #”, “Mfg date” work). Types may be written as people say them
              (Extinguisher, Exit light, Emergency light, Smoke detector), agents too (ABC, dry chem, CO2, water, K class), and months
              as 2019-04, 04/2019 or Apr 2019.
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
        {preview.status === 'checking' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Checking every row...
          </p>
        ) : null}
        {preview.status === 'failed' ? (
          <FormAlert>
            {preview.message}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => read && void check(read)}>
              Check again
            </Button>
          </FormAlert>
        ) : null}
        {importer.isError ? <FormAlert>{refusedMessage || serverMessage(importer.error, 'The import failed. Please try again.')}</FormAlert> : null}

        {read && checked ? <ImportPreview preview={checked} ignoredColumns={read.ignoredColumns} /> : null}

        <DialogFooter className="items-center">
          {checked && problemCount > 0 ? (
            <p className="text-sm font-medium text-amber-900 sm:mr-auto">
              Fix the {plural(problemCount, 'row', 'rows')} with problems in the file and choose it again.
            </p>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChangeGuarded(false)} disabled={importer.isPending}>
            Cancel
          </Button>
          <Button onClick={onImport} disabled={!canImport}>
            {importer.isPending ? (
              <>
                <Spinner /> Importing...
              </>
            ) : (
              <>
                <Upload aria-hidden="true" />
                Import {checked ? plural(checked.okCount, 'Device', 'Devices') : 'Devices'}
              </>
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const STATUS_BADGE: Record<DeviceImportPreviewRow['status'], { label: string; variant: 'success' | 'destructive' | 'warning' }> = {
  ok: { label: 'Ready', variant: 'success' },
  invalid: { label: 'Problems', variant: 'destructive' },
  duplicate: { label: 'Duplicate', variant: 'warning' },
};

const typeText = (row: DeviceImportPreviewRow) => (row.itemType ? itemLabel(row.itemType as InspectionType) : '—');
const tagText = (row: DeviceImportPreviewRow) => row.tag ?? (row.status === 'ok' ? 'Made on import' : '—');

/** The counts, and every row (the rows with problems first when there are any), drawn as the list scrolls. */
function ImportPreview({ preview, ignoredColumns }: { preview: DeviceImportPreview; ignoredColumns: string[] }) {
  const titleId = useId();
  const onlyId = useId();
  const problems = preview.invalidCount + preview.duplicateCount;
  const [onlyProblems, setOnlyProblems] = useState(true);
  const rows = problems > 0 && onlyProblems ? preview.rows.filter((r) => r.status !== 'ok') : preview.rows;
  const wide = useMediaQuery(SM_UP);
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex items-center gap-2">
        <FileSpreadsheet aria-hidden="true" className="size-4 text-muted-foreground" />
        <h3 id={titleId} className="text-sm font-semibold">
          Preview
        </h3>
      </div>
      <p role="status" className="text-sm">
        {plural(preview.rows.length, 'row', 'rows')}: {preview.okCount.toLocaleString('en-US')} ready
        {preview.invalidCount ? `, ${plural(preview.invalidCount, 'with problems', 'with problems')}` : ''}
        {preview.duplicateCount ? `, ${plural(preview.duplicateCount, 'duplicate', 'duplicates')} (same tag or serial number as an earlier row or a device you have)` : ''}.
      </p>
      {ignoredColumns.length > 0 ? (
        <p className="text-sm text-muted-foreground">Not imported (Firemark has no such field): {ignoredColumns.map((c) => `“${c}”`).join(', ')}.</p>
      ) : null}
      {problems > 0 ? (
        <div className="flex items-center gap-2 text-sm">
          <input id={onlyId} type="checkbox" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.target.checked)} className="size-4 accent-primary" />
          <label htmlFor={onlyId} className="font-medium">
            Show only the rows with problems
          </label>
        </div>
      ) : null}
      {/* One layout drawn, not two with one hidden: a file may hold thousands of rows. */}
      {wide ? <PreviewTable key={String(onlyProblems)} rows={rows} /> : <PreviewCards key={String(onlyProblems)} rows={rows} />}
    </section>
  );
}

function Problems({ row }: { row: DeviceImportPreviewRow }) {
  if (row.problems.length === 0) return null;
  return (
    <ul className="list-disc space-y-0.5 pl-4 text-sm">
      {row.problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

const PreviewCards = memo(function PreviewCards({ rows }: { rows: DeviceImportPreviewRow[] }) {
  const { drawn, more, onScroll, left } = useRowsDrawn(rows.length);
  return (
    <ul
      tabIndex={0}
      aria-label="Rows of the file"
      onScroll={onScroll}
      className="max-h-[50vh] space-y-2 overflow-y-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {rows.slice(0, drawn).map((row) => (
        <li key={row.line} className="space-y-1 rounded-md border p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="text-muted-foreground">Row {row.line}</span>
            <Badge variant={STATUS_BADGE[row.status].variant}>{STATUS_BADGE[row.status].label}</Badge>
            {typeText(row)}
          </p>
          <p className="break-words text-slate-700">
            <span className="text-muted-foreground">Tag: </span>
            {tagText(row)}
          </p>
          {row.location ? <p className="break-words text-slate-700">{row.location}</p> : null}
          <Problems row={row} />
        </li>
      ))}
      {left > 0 ? (
        <li>
          <MoreRows left={left} onMore={more} />
        </li>
      ) : null}
    </ul>
  );
});

/** Focusable, so the table scrolls from the keyboard too. */
const PreviewTable = memo(function PreviewTable({ rows }: { rows: DeviceImportPreviewRow[] }) {
  const { drawn, more, onScroll, left } = useRowsDrawn(rows.length);
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label="Preview table"
      onScroll={onScroll}
      className="max-h-96 max-w-full overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Every row of the file, with what is wrong with it</caption>
        <thead className="sticky top-0 bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {['Row', 'Status', 'Safety item', 'Tag', 'Location', 'Problems'].map((label) => (
              <th key={label} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.slice(0, drawn).map((row) => (
            <tr key={row.line} className="align-top">
              <td className="px-3 py-2 text-muted-foreground">{row.line}</td>
              <td className="px-3 py-2">
                <Badge variant={STATUS_BADGE[row.status].variant}>{STATUS_BADGE[row.status].label}</Badge>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{typeText(row)}</td>
              <td className="whitespace-nowrap px-3 py-2 font-mono">{tagText(row)}</td>
              <td className="px-3 py-2">{row.location}</td>
              <td className="px-3 py-2">
                <Problems row={row} />
              </td>
            </tr>
          ))}
          {left > 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-2">
                <MoreRows left={left} onMore={more} />
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
});
