import { memo, useId } from 'react';
import { CircleAlert, CopyCheck, FileSpreadsheet } from 'lucide-react';
import { INSPECTION_TYPE_LABELS } from '@shared/enums';
import type { HistoryPreviewRow } from '@shared/schemas/inspection-history';
import { formatDate } from '@/lib/format-date';
import { SM_UP, useMediaQuery } from '@/lib/use-media-query';
import { MoreRows, useRowsDrawn } from '@/components/rows-drawn';

export interface PreviewProblem {
  /** The file's line (the header is line 1). */
  line: number;
  message: string;
}

/** A matched row, numbered by the file's line. */
export type MatchedRow = HistoryPreviewRow;

interface HistoryPreviewListProps {
  rowCount: number;
  problems: PreviewProblem[];
  matched: MatchedRow[];
  /** Rows that repeat an inspection already recorded (or an earlier row): skipped, not blocking. */
  duplicates: PreviewProblem[];
  /** Remarks on rows that are still imported ("Recorded as ..."), each once. */
  notes: string[];
  ignoredColumns: string[];
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const RESULT_LABELS = { compliant: 'Pass', non_compliant: 'Fail' } as const;

/**
 * What the file will do: the rows that match nothing first (they stop the import), the rows
 * already recorded (left out), then every row to be recorded.
 */
export function HistoryPreviewList({ rowCount, problems, matched, duplicates, notes, ignoredColumns }: HistoryPreviewListProps) {
  const titleId = useId();
  const problemsId = useId();
  const duplicatesId = useId();
  const wide = useMediaQuery(SM_UP);
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex items-center gap-2">
        <FileSpreadsheet aria-hidden="true" className="size-4 text-muted-foreground" />
        <h3 id={titleId} className="text-sm font-semibold">
          Preview
        </h3>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {plural(rowCount, 'row', 'rows')} in the file: {matched.length.toLocaleString('en-US')} to record
        {duplicates.length ? `, ${duplicates.length.toLocaleString('en-US')} already recorded` : ''}
        {problems.length ? `, ${plural(problems.length, 'matches', 'match')} nothing` : ''}.
        {matched.length === 0 && duplicates.length > 0 && problems.length === 0 ? ' Nothing is left to import.' : ''}
      </p>
      {notes.map((note) => (
        <p key={note} className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          {note}
        </p>
      ))}
      {ignoredColumns.length > 0 ? (
        <p className="text-sm text-muted-foreground">Not imported (no such field): {ignoredColumns.map((c) => `“${c}”`).join(', ')}.</p>
      ) : null}

      {problems.length > 0 ? (
        <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <h4 id={problemsId} className="flex items-center gap-2 font-semibold">
            <CircleAlert aria-hidden="true" className="size-4" />
            {plural(problems.length, 'row matches', 'rows match')} nothing: fix {problems.length === 1 ? 'it' : 'them'} in the file and choose it again
          </h4>
          <ul
            tabIndex={0}
            aria-labelledby={problemsId}
            className="max-h-40 list-disc space-y-0.5 overflow-y-auto break-words pl-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {problems.slice(0, 500).map((p) => (
              <li key={`${p.line}-${p.message}`}>
                Line {p.line}: {p.message}
              </li>
            ))}
            {problems.length > 500 ? <li>...and {problems.length - 500} more</li> : null}
          </ul>
        </div>
      ) : null}

      {duplicates.length > 0 ? (
        <div className="space-y-2 rounded-lg border bg-muted/60 p-4 text-sm">
          <h4 id={duplicatesId} className="flex items-center gap-2 font-semibold">
            <CopyCheck aria-hidden="true" className="size-4" />
            {plural(duplicates.length, 'row is', 'rows are')} already recorded: {duplicates.length === 1 ? 'it is' : 'they are'} left out
          </h4>
          <ul
            tabIndex={0}
            aria-labelledby={duplicatesId}
            className="max-h-32 list-disc space-y-0.5 overflow-y-auto break-words pl-5 text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {duplicates.slice(0, 500).map((d) => (
              <li key={d.line}>
                Line {d.line}: {d.message}
              </li>
            ))}
            {duplicates.length > 500 ? <li>...and {duplicates.length - 500} more</li> : null}
          </ul>
        </div>
      ) : null}

      {matched.length > 0 ? wide ? <MatchedTable rows={matched} /> : <MatchedCards rows={matched} /> : null}
    </section>
  );
}

/** "Annual maintenance", or "Activity not stated" with the requirement taken for it. */
function Activity({ row }: { row: MatchedRow }) {
  if (row.activityStated) return <>{row.activity}</>;
  return (
    <>
      <span className="italic">Activity not stated</span>
      <span className="block text-xs text-muted-foreground">taken as {row.activity}</span>
    </>
  );
}

function PerformedOn({ row }: { row: MatchedRow }) {
  return (
    <>
      {formatDate(row.performedOn)}
      <span className="block text-xs text-muted-foreground">
        {row.lastDoneBefore ? `last done was ${formatDate(row.lastDoneBefore)}` : 'last done was not known'}
      </span>
    </>
  );
}

function NextDue({ row }: { row: MatchedRow }) {
  const before = row.nextDueBefore ? formatDate(row.nextDueBefore) : 'none';
  const after = row.nextDueAfter ? formatDate(row.nextDueAfter) : 'none';
  if (before === after) return <>{after} (unchanged)</>;
  return (
    <>
      {before} <span aria-hidden="true">→</span>
      <span className="sr-only">becomes</span> <span className="font-medium">{after}</span>
    </>
  );
}

const itemLabel = (row: MatchedRow) => (row.itemType ? INSPECTION_TYPE_LABELS[row.itemType] : '');

const MatchedTable = memo(function MatchedTable({ rows }: { rows: MatchedRow[] }) {
  const { drawn, more, onScroll, left } = useRowsDrawn(rows.length);
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label="Rows that match"
      onScroll={onScroll}
      className="max-h-96 max-w-full overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">What each row matched and what it will change</caption>
        <thead className="sticky top-0 bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {['Line', 'Property', 'Item', 'Activity', 'Performed on', 'Result', 'Next due'].map((label) => (
              <th key={label} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.slice(0, drawn).map((row) => (
            <tr key={row.line}>
              <td className="px-3 py-2 text-muted-foreground">{row.line}</td>
              <td className="px-3 py-2 font-medium">{row.propertyName}</td>
              <td className="whitespace-nowrap px-3 py-2">{itemLabel(row)}</td>
              <td className="px-3 py-2">
                <Activity row={row} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                <PerformedOn row={row} />
              </td>
              <td className="px-3 py-2">{RESULT_LABELS[row.result]}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <NextDue row={row} />
              </td>
            </tr>
          ))}
          {left > 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-2">
                <MoreRows left={left} onMore={more} />
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
});

/** Phones: a card a row, every field, in a list that scrolls. */
const MatchedCards = memo(function MatchedCards({ rows }: { rows: MatchedRow[] }) {
  const { drawn, more, onScroll, left } = useRowsDrawn(rows.length);
  return (
    <ul
      tabIndex={0}
      aria-label="Rows that match"
      onScroll={onScroll}
      className="max-h-[50vh] space-y-2 overflow-y-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {rows.slice(0, drawn).map((row) => (
        <li key={row.line} className="space-y-0.5 rounded-md border p-3 text-sm">
          <p className="break-words font-medium">
            <span className="text-muted-foreground">Line {row.line} · </span>
            {row.propertyName}
          </p>
          <p className="break-words">
            {itemLabel(row)}: <Activity row={row} />
          </p>
          <p>
            Performed on <PerformedOn row={row} />
          </p>
          <p>Result: {RESULT_LABELS[row.result]}</p>
          <p>
            Next due: <NextDue row={row} />
          </p>
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
