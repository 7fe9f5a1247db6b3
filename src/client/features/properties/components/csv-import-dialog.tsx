import { memo, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { CircleCheck, Copy, Download, FileSpreadsheet, Upload } from 'lucide-react';
import { CSV_TEMPLATE, CSV_TEMPLATE_FILE_NAME, csvRowNumber } from '@shared/csv-import';
import { humanize, type PropertyType } from '@shared/enums';
import { readPropertyType } from '@shared/property-type-words';
import { serverMessage } from '@/lib/api';
import { chooseCsvFile } from '@/lib/choose-csv-file';
import { useSubscription } from '@/lib/use-subscription';
import { useCanUpgrade } from '@/lib/upgrade-offer';
import { SM_UP, useMediaQuery } from '@/lib/use-media-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { CsvFileField } from '@/components/csv-file-field';
import { Spinner } from '@/components/ui/spinner';
import { MoreRows, useRowsDrawn } from '@/components/rows-drawn';
import { checkImport, useImportProperties } from '../api/use-import-properties';
import { readCsvFile, type CsvReadResult } from './read-csv-file';

interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type FileState =
  | { status: 'empty' }
  | { status: 'reading'; fileName: string }
  | { status: 'read'; fileName: string; result: CsvReadResult; duplicates: Duplicates }
  | { status: 'invalid'; message: string };

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([CSV_TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CSV_TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Rows repeating a property the account has, as the server found them. */
type Duplicates = { status: 'checking' } | { status: 'checked'; rows: number[] } | { status: 'failed' };

/** How many repeated rows are named in the dialog; the rest are counted. */
const LISTED_DUPLICATES = 50;

/**
 * SPEC 2 and 5, "CSV import": template, file check, preview (every row and column: issue 30), all-or-nothing import.
 * Issue 10: rows repeating a property the account has are listed and skipped unless imported
 * anyway, a file over the plan is stopped here, and the result says what was imported.
 */
export function CsvImportDialog({ open, onOpenChange }: CsvImportDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<FileState>({ status: 'empty' });
  const [includeDuplicates, setIncludeDuplicates] = useState(false);
  const importer = useImportProperties();
  const subscription = useSubscription();

  const reset = () => {
    setFile({ status: 'empty' });
    setIncludeDuplicates(false);
    importer.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const onOpenChangeGuarded = (next: boolean) => {
    if (!next && importer.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    importer.reset();
    const chosen = await chooseCsvFile(event, readCsvFile, setFile);
    if (!chosen) return;
    const { fileName, contents: result } = chosen;
    if (result.errors.length || result.rows.length === 0) {
      setFile({ status: 'read', fileName, result, duplicates: { status: 'checked', rows: [] } });
      return;
    }
    setFile({ status: 'read', fileName, result, duplicates: { status: 'checking' } });
    const duplicates: Duplicates = await checkImport({ filename: fileName, properties: result.rows })
      .then((answer) => ({ status: 'checked' as const, rows: answer.duplicateRows }))
      .catch(() => ({ status: 'failed' as const }));
    // A file chosen meanwhile wins.
    setFile((current) => (current.status === 'read' && current.result === result ? { ...current, duplicates } : current));
  };

  const result = file.status === 'read' ? file.result : null;
  const duplicates = file.status === 'read' && file.duplicates.status === 'checked' ? file.duplicates.rows : [];
  const checking = file.status === 'read' && file.duplicates.status === 'checking';
  const skipped = includeDuplicates ? 0 : duplicates.length;
  const count = Math.max(0, (result?.validCount ?? 0) - skipped);
  const hasErrors = Boolean(result?.errors.length);
  const limit = subscription.status.propertyLimit;
  const room = limit === -1 ? Infinity : Math.max(0, limit - subscription.status.propertyCount);
  // Stopped here rather than refused after: the server still checks, under its lock.
  const overPlan = subscription.isLoaded && !hasErrors && count > room;
  const canUpgrade = useCanUpgrade();
  const canImport = result !== null && count > 0 && !hasErrors && !checking && !overPlan && !importer.isPending;

  const onImport = () => {
    if (!result || file.status !== 'read') return;
    importer.mutate({ filename: file.fileName, properties: result.rows, includeDuplicates });
  };

  if (importer.isSuccess) {
    const done = importer.data;
    return (
      <Dialog open={open} onOpenChange={onOpenChangeGuarded}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Import Properties from CSV</DialogTitle>
            <DialogDescription>The import is done.</DialogDescription>
          </DialogHeader>
          <div role="status" className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            <div className="space-y-1">
              <p className="font-medium">
                Imported {plural(done.importedCount, 'property', 'properties')}
                {done.skippedCount ? `; skipped ${plural(done.skippedCount, 'row', 'rows')} already in your properties` : ''}.
              </p>
              {done.importedCount > 0 ? (
                <Link to="/properties?sort=created_desc" onClick={() => onOpenChangeGuarded(false)} className="font-medium text-primary underline underline-offset-4">
                  See the new properties, newest first
                </Link>
              ) : null}
            </div>
          </div>
          <DialogFooter>
            <Button onClick={() => onOpenChangeGuarded(false)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChangeGuarded}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>Import Properties from CSV</DialogTitle>
          <DialogDescription>
            Add many properties at once from a spreadsheet saved as CSV. Every row must be valid: nothing is imported
            until all of them are.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-3 rounded-lg border bg-muted/60 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            Columns: name, addressLine1, addressLine2 (optional), city, state, zip, propertyType, managerEmail, country
            (us or ca, optional).
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
              Headers are matched loosely (“Address Line 1” works). Types may be written as people say them (Office,
              School, Apartment, Hospital, Warehouse, Hotel); the preview shows what each became, and words Firemark does
              not know are imported as Other.
            </>
          }
        />

        {importer.isError ? (
          <FormAlert>
            <span className="whitespace-pre-line">{serverMessage(importer.error, 'Import failed')}</span>
          </FormAlert>
        ) : null}
        {overPlan ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            Your free plan has room for {plural(room, 'more property', 'more properties')}; this import would add {count}.
            {canUpgrade ? (
              <>
                Remove rows from the file, or{' '}
                <Link to="/billing" className="font-medium underline underline-offset-4">
                  upgrade to Firemark Pro
                </Link>{' '}
                to import them all.
              </>
            ) : (
              'Remove rows from the file; only an owner can upgrade the organisation to import them all.'
            )}
          </p>
        ) : null}
        {file.status === 'invalid' ? <FormAlert>{file.message}</FormAlert> : null}
        {file.status === 'reading' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Reading {file.fileName}...
          </p>
        ) : null}

        {result && hasErrors ? (
          <FormAlert>
            <p className="font-medium">Fix these problems in the file and choose it again:</p>
            <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5">
              {result.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </FormAlert>
        ) : null}

        {checking ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Looking for properties you already have...
          </p>
        ) : null}
        {file.status === 'read' && file.duplicates.status === 'failed' ? (
          <p className="text-sm text-muted-foreground">
            Could not check the file against your properties; rows you already have will still be skipped when you import.
          </p>
        ) : null}
        {result && !hasErrors && duplicates.length > 0 ? (
          <DuplicateRows rows={result.rows} duplicates={duplicates} includeDuplicates={includeDuplicates} onIncludeDuplicates={setIncludeDuplicates} />
        ) : null}

        {result && result.rows.length > 0 ? <CsvPreview result={result} /> : null}

        <DialogFooter>
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
                Import {count} Properties
              </>
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A cell of the type column, and what Firemark made of it. */
function typeOf(row: Record<string, string>) {
  const written = (row.propertyType ?? '').trim();
  return { written, ...readPropertyType(written) };
}

/** The ways the file's type words were read, each once, with how many rows wrote it. */
function typeReadings(rows: Record<string, string>[]) {
  const seen = new Map<string, { written: string; type: PropertyType; how: 'word' | 'unknown'; count: number }>();
  for (const row of rows) {
    const t = typeOf(row);
    if (t.how === 'type' || t.written === '') continue;
    const key = t.written.toLowerCase();
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { written: t.written, type: t.type, how: t.how, count: 1 });
  }
  return [...seen.values()];
}

/** "Commercial", with "from “Office”" when the file said it in other words. */
function TypeCell({ row }: { row: Record<string, string> }) {
  const t = typeOf(row);
  return (
    <>
      {humanize(t.type)}
      {t.how === 'word' ? <span className="block text-xs text-muted-foreground">from “{t.written}”</span> : null}
      {t.how === 'unknown' && t.written ? <span className="block text-xs text-amber-800">“{t.written}” not recognised</span> : null}
    </>
  );
}

const countryOf = (row: Record<string, string>) => row.country || 'us';

/**
 * Issue 30, item 11: every row (the list scrolls) and every column the import takes, with what
 * each type became; the file's other columns are named as not imported.
 */
function CsvPreview({ result }: { result: CsvReadResult }) {
  const titleId = useId();
  const typesId = useId();
  const readings = useMemo(() => typeReadings(result.rows), [result.rows]);
  const rows = result.rows;
  const wide = useMediaQuery(SM_UP);

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex items-center gap-2">
        <FileSpreadsheet aria-hidden="true" className="size-4 text-muted-foreground" />
        <h3 id={titleId} className="text-sm font-semibold">
          Preview
        </h3>
      </div>
      <p className="text-sm text-muted-foreground">
        {rows.length === 1 ? '1 row in the file.' : `All ${rows.length} rows in the file${rows.length > 5 ? '; the list scrolls' : ''}.`}
      </p>

      {readings.length > 0 ? (
        <div className="rounded-md border bg-muted/40 p-3 text-sm">
          <h4 id={typesId} className="font-medium">
            How the property types were read
          </h4>
          <ul aria-labelledby={typesId} className="mt-1 space-y-0.5">
            {readings.map((r) => (
              <li key={r.written.toLowerCase()}>
                “{r.written}” → {humanize(r.type)}
                {r.how === 'unknown' ? ' (not a type Firemark knows)' : ''}
                <span className="text-muted-foreground"> · {plural(r.count, 'row', 'rows')}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.ignoredColumns.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Not imported (Firemark has no such field): {result.ignoredColumns.map((c) => `“${c}”`).join(', ')}.
        </p>
      ) : null}

      {/* One layout drawn, not two with one hidden: a file may hold thousands of rows. */}
      {wide ? <PreviewTable rows={rows} /> : <PreviewCards rows={rows} />}
    </section>
  );
}

/** Phones: one card per row, every field, in a list that scrolls. */
const PreviewCards = memo(function PreviewCards({ rows }: { rows: Record<string, string>[] }) {
  const { drawn, more, onScroll, left } = useRowsDrawn(rows.length);
  return (
    <ul
      tabIndex={0}
      aria-label="Rows of the file"
      onScroll={onScroll}
      className="max-h-[50vh] space-y-2 overflow-y-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {rows.slice(0, drawn).map((row, i) => (
        <li key={i} className="rounded-md border p-3 text-sm">
          <p className="break-words font-medium">
            <span className="text-muted-foreground">Row {csvRowNumber(i)} · </span>
            {row.name || '—'}
          </p>
          <p className="break-words text-slate-700">
            {[row.addressLine1, row.addressLine2].filter(Boolean).join(', ')}
          </p>
          <p className="break-words text-slate-700">
            {row.city} {row.state} {row.zip} · {countryOf(row)}
          </p>
          <div className="break-words text-muted-foreground">
            <TypeCell row={row} />
          </div>
          <p className="break-words text-muted-foreground">{row.managerEmail}</p>
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

/** Focusable, so the table scrolls (down and sideways) from the keyboard too; the dialog never does sideways. */
const PreviewTable = memo(function PreviewTable({ rows }: { rows: Record<string, string>[] }) {
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
        <caption className="sr-only">Every row of the file, as it will be imported</caption>
        <thead className="sticky top-0 bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {['Row', 'Name', 'Address line 1', 'Address line 2', 'City', 'State', 'ZIP', 'Type', 'Country', 'Manager email'].map((label) => (
              <th key={label} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.slice(0, drawn).map((row, i) => (
            <tr key={i}>
              <td className="px-3 py-2 text-muted-foreground">{csvRowNumber(i)}</td>
              <td className="whitespace-nowrap px-3 py-2 font-medium">{row.name}</td>
              <td className="whitespace-nowrap px-3 py-2">{row.addressLine1}</td>
              <td className="whitespace-nowrap px-3 py-2">{row.addressLine2}</td>
              <td className="whitespace-nowrap px-3 py-2">{row.city}</td>
              <td className="px-3 py-2">{row.state}</td>
              <td className="whitespace-nowrap px-3 py-2">{row.zip}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <TypeCell row={row} />
              </td>
              <td className="px-3 py-2">{countryOf(row)}</td>
              <td className="px-3 py-2">{row.managerEmail}</td>
            </tr>
          ))}
          {left > 0 ? (
            <tr>
              <td colSpan={10} className="px-3 py-2">
                <MoreRows left={left} onMore={more} />
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
});

function DuplicateRows({
  rows,
  duplicates,
  includeDuplicates,
  onIncludeDuplicates,
}: {
  rows: Record<string, string>[];
  duplicates: number[];
  includeDuplicates: boolean;
  onIncludeDuplicates: (value: boolean) => void;
}) {
  const titleId = useId();
  const checkboxId = useId();
  const listed = duplicates.slice(0, LISTED_DUPLICATES);
  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <Copy aria-hidden="true" className="size-4" />
        {plural(duplicates.length, 'row is', 'rows are')} already in your properties
      </h3>
      <p>Same name and address as a property you have (or an earlier row). They are skipped unless you import them anyway.</p>
      <ul tabIndex={0} aria-label="Rows already in your properties" className="max-h-32 list-disc space-y-0.5 overflow-y-auto break-words pl-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {listed.map((i) => (
          <li key={i}>
            Row {csvRowNumber(i)}: {rows[i]?.name}, {rows[i]?.addressLine1}
          </li>
        ))}
        {duplicates.length > listed.length ? <li>...and {duplicates.length - listed.length} more</li> : null}
      </ul>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={includeDuplicates}
          onChange={(event) => onIncludeDuplicates(event.target.checked)}
          className="size-4 accent-primary"
        />
        <label htmlFor={checkboxId} className="font-medium">
          Import them anyway
        </label>
      </div>
    </section>
  );
}
