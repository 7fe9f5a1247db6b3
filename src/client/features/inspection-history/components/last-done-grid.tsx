import { memo, useCallback, useId, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { INSPECTION_TYPE_LABELS, type ComplianceResult } from '@shared/enums';
import type { HistoryImportResult, LastDoneEntry } from '@shared/schemas/inspection-history';
import { isApiError, serverMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { importHistory } from '../api/history-calls';
import { showSavedRequirement } from '../api/last-done-queries';
import { refreshAfterHistory } from '../api/refresh-after-history';
import { readTypedDate } from './read-typed-date';

/** What was typed in a row and not saved yet: kept across pages, filters and failures. */
interface Draft {
  date: string;
  result: ComplianceResult;
}

type RowState = { status: 'saving' } | { status: 'saved'; message: string } | { status: 'error'; message: string } | { status: 'invalid'; message: string };

const RESULT_LABELS: Record<ComplianceResult, string> = { compliant: 'Pass', non_compliant: 'Fail' };
const DATE_COL = 0;
const RESULT_COL = 1;

const savedDate = (entry: LastDoneEntry) => (entry.lastDoneKnown ? (entry.lastDoneOn ?? '') : '');
const savedResult = (entry: LastDoneEntry): ComplianceResult => entry.lastResult ?? 'compliant';
const rowName = (entry: LastDoneEntry) => `${entry.propertyName}, ${INSPECTION_TYPE_LABELS[entry.itemType]}: ${entry.activity}`;

/** The correction the server no longer takes (that inspection was changed or removed elsewhere). */
const cannotReplace = (error: unknown) => isApiError(error) && Object.keys(error.fieldErrors).some((field) => field.endsWith('replacesInspectionId'));

/** The message of a failed save: the row's own field message when the server gave one. */
function saveFailure(error: unknown): string {
  if (isApiError(error)) {
    const field = Object.values(error.fieldErrors).flat()[0];
    if (field) return field;
    if (error.status === 403) return serverMessage(error, 'You cannot record inspections.');
  }
  return serverMessage(error, 'Not saved. Check your connection and press Enter to try again.');
}

interface LastDoneGridProps {
  entries: LastDoneEntry[];
  today: string;
  labelledBy: string;
}

/**
 * Issue 35 §2, "Record past inspections": one row per requirement, keyboard first. Arrow keys
 * move between the editable cells (last done, result); typing a day and pressing Enter saves
 * that row (one history row) and moves down. Each row says saving, saved or what went wrong in
 * place, and one live region announces it; what was typed stays until it is saved.
 */
export function LastDoneGrid({ entries, today, labelledBy }: LastDoneGridProps) {
  const helpId = useId();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [states, setStates] = useState<Record<number, RowState>>({});
  const [active, setActive] = useState({ row: 0, col: DATE_COL });
  const [announcement, setAnnouncement] = useState('');
  const tableRef = useRef<HTMLTableElement>(null);
  // The handlers below are made once (rows are memoised); they read the latest values here.
  const latest = useRef({ entries, drafts, states, today });
  latest.current = { entries, drafts, states, today };
  // The inspection each row saved in this visit: a second save of the row corrects it (replaces
  // it) rather than adding another, so a mistyped day or result leaves no trace.
  const savedHere = useRef<Record<number, number>>({});
  // One Idempotency-Key per attempt: the same row, day and result sent again (after a lost
  // answer) cannot record twice; anything else typed is a new attempt with a new key.
  const attempts = useRef<Record<number, { what: string; key: string }>>({});

  const setRowState = (id: number, state: RowState | null) =>
    setStates((current) => {
      const next = { ...current };
      if (state) next[id] = state;
      else delete next[id];
      return next;
    });

  const focusCell = (row: number, col: number) => {
    const cell = tableRef.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`);
    // Past the last row loaded, down leads to "Load more requirements" when there are more.
    if (!cell && row > 0) document.querySelector<HTMLElement>('[data-grid-more]')?.focus();
    if (!cell) return false;
    cell.focus();
    if (cell instanceof HTMLInputElement) cell.select();
    return true;
  };

  const save = useCallback(
    async (row: number) => {
      const { entries, drafts, states, today } = latest.current;
      const entry = entries[row];
      if (!entry) return;
      // Enter again while the row is being saved would send it twice.
      if (states[entry.requirementId]?.status === 'saving') return;
      const draft = drafts[entry.requirementId];
      const typed = draft?.date ?? savedDate(entry);
      const result = draft?.result ?? savedResult(entry);
      const unchanged = !draft || (draft.date === savedDate(entry) && draft.result === savedResult(entry));
      if (unchanged) {
        focusCell(row + 1, DATE_COL);
        return;
      }
      const read = readTypedDate(typed, today);
      if ('problem' in read) {
        setRowState(entry.requirementId, { status: 'invalid', message: read.problem });
        setAnnouncement(`${rowName(entry)}: not saved. ${read.problem}.`);
        return;
      }
      setRowState(entry.requirementId, { status: 'saving' });
      setAnnouncement(`Saving ${rowName(entry)}...`);
      focusCell(row + 1, DATE_COL);
      const replaces = savedHere.current[entry.requirementId];
      const what = `${read.date}|${result}|${replaces ?? ''}`;
      const attempt = attempts.current[entry.requirementId]?.what === what ? attempts.current[entry.requirementId]! : { what, key: newIdempotencyKey() };
      attempts.current[entry.requirementId] = attempt;
      let answer: HistoryImportResult;
      try {
        answer = await importHistory(
          { rows: [{ requirementId: entry.requirementId, performedOn: read.date, result, ...(replaces ? { replacesInspectionId: replaces } : {}) }] },
          attempt.key,
        );
      } catch (error) {
        let message = saveFailure(error);
        if (cannotReplace(error)) {
          // What this row saved earlier was changed elsewhere: the next Enter adds this one instead.
          delete savedHere.current[entry.requirementId];
          message = 'What you saved here before was changed elsewhere, so it cannot be corrected. Press Enter to record this as well.';
        }
        setRowState(entry.requirementId, { status: 'error', message });
        setAnnouncement(`${rowName(entry)}: not saved. ${message}`);
        return;
      }
      delete attempts.current[entry.requirementId];
      const recorded = answer.rows.find((r) => r.line === 1);
      // Only what this save created may be corrected by the next one: a skipped row names the
      // completion it repeats, which was recorded elsewhere and keeps its own inspector and notes.
      if (recorded && !recorded.skipped) savedHere.current[entry.requirementId] = recorded.inspectionId;
      else delete savedHere.current[entry.requirementId];
      const saved = answer.requirements.find((r) => r.requirementId === entry.requirementId);
      if (saved) showSavedRequirement(queryClient, saved);
      setDrafts((current) => {
        const next = { ...current };
        delete next[entry.requirementId];
        return next;
      });
      const later = saved?.lastDoneOn && saved.lastDoneOn > read.date ? ` The later inspection of ${formatDate(saved.lastDoneOn)} stays the last done.` : '';
      const message = `${recorded?.skipped ? 'Already recorded.' : replaces ? 'Corrected.' : 'Saved.'}${saved ? ` Next due ${formatDate(saved.nextDueDate)}.` : ''}${later}`;
      setRowState(entry.requirementId, { status: 'saved', message });
      setAnnouncement(`${rowName(entry)}: ${message}`);
      void refreshAfterHistory(queryClient, { withGrid: false });
    },
    [queryClient],
  );

  const onChangeDate = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const entry = latest.current.entries[Number(event.currentTarget.dataset.row)];
    if (!entry) return;
    const date = event.currentTarget.value;
    setDrafts((current) => ({
      ...current,
      [entry.requirementId]: { date, result: current[entry.requirementId]?.result ?? savedResult(entry) },
    }));
    // A message about what was typed before goes once it is changed.
    setStates((current) => {
      if (current[entry.requirementId]?.status !== 'invalid') return current;
      const next = { ...current };
      delete next[entry.requirementId];
      return next;
    });
  }, []);

  const setResult = useCallback((row: number, result: ComplianceResult | 'toggle') => {
    const entry = latest.current.entries[row];
    if (!entry) return;
    setDrafts((current) => {
      const draft = current[entry.requirementId] ?? { date: savedDate(entry), result: savedResult(entry) };
      const next = result === 'toggle' ? (draft.result === 'compliant' ? 'non_compliant' : 'compliant') : result;
      return { ...current, [entry.requirementId]: { ...draft, result: next } };
    });
  }, []);

  const onClickResult = useCallback((event: { currentTarget: HTMLElement }) => setResult(Number(event.currentTarget.dataset.row), 'toggle'), [setResult]);

  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const { row, col } = (event.target as HTMLElement).dataset;
    if (row !== undefined && col !== undefined) setActive({ row: Number(row), col: Number(col) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    if (target.dataset.row === undefined) return;
    const row = Number(target.dataset.row);
    const col = Number(target.dataset.col);
    const input = target instanceof HTMLInputElement ? target : null;
    const caretAtEnd = !input || (input.selectionStart === input.value.length && input.selectionEnd === input.value.length);
    const caretAtStart = !input || (input.selectionStart === 0 && input.selectionEnd === 0);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusCell(row + 1, col);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusCell(row - 1, col);
        return;
      case 'ArrowRight':
        if (col === DATE_COL && caretAtEnd) {
          event.preventDefault();
          focusCell(row, RESULT_COL);
        }
        return;
      case 'ArrowLeft':
        if (col === RESULT_COL || caretAtStart) {
          event.preventDefault();
          focusCell(row, DATE_COL);
        }
        return;
      case 'Enter':
        event.preventDefault();
        void save(row);
        return;
      case 'Escape': {
        // Puts the saved value back; Escape with nothing typed is left to the page.
        const entry = latest.current.entries[row];
        if (!entry || !latest.current.drafts[entry.requirementId]) return;
        event.preventDefault();
        setDrafts((current) => {
          const next = { ...current };
          delete next[entry.requirementId];
          return next;
        });
        setRowState(entry.requirementId, null);
        return;
      }
    }
    if (col === RESULT_COL && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const key = event.key.toLowerCase();
      if (key === 'p') setResult(row, 'compliant');
      else if (key === 'f') setResult(row, 'non_compliant');
    }
  };

  const activeRow = Math.min(active.row, Math.max(0, entries.length - 1));

  return (
    <div className="space-y-2">
      <p id={helpId} className="text-sm text-muted-foreground">
        Arrow keys move between cells. Type the day it was last done (YYYY-MM-DD) and press Enter: the row is saved and
        the next one is ready. In Result, Space switches Pass and Fail (or press P or F).
      </p>
      <p aria-live="polite" role="status" className="sr-only">
        {announcement}
      </p>
      {/* Phones scroll the grid sideways inside this box, the property column staying put; the page never does. */}
      <div className="max-w-full overflow-x-auto rounded-lg border bg-background">
        <table ref={tableRef} role="grid" aria-labelledby={labelledBy} aria-describedby={helpId} aria-rowcount={entries.length + 1} className="w-full min-w-[52rem] text-left text-sm">
          <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr aria-rowindex={1}>
              <th scope="col" className="sticky left-0 z-10 w-44 bg-muted px-3 py-2 font-semibold">
                Property
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Item
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Activity
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Last done <span className="normal-case">(YYYY-MM-DD)</span>
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Result
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Next due
              </th>
            </tr>
          </thead>
          <tbody className="divide-y" onKeyDown={onKeyDown} onFocus={onFocus}>
            {entries.map((entry, row) => (
              <GridRow
                key={entry.requirementId}
                entry={entry}
                row={row}
                draft={drafts[entry.requirementId]}
                state={states[entry.requirementId]}
                activeCol={row === activeRow ? active.col : null}
                onChangeDate={onChangeDate}
                onClickResult={onClickResult}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

interface GridRowProps {
  entry: LastDoneEntry;
  row: number;
  draft: Draft | undefined;
  state: RowState | undefined;
  /** The cell of this row reached by Tab (one in the whole grid), or null. */
  activeCol: number | null;
  onChangeDate: (event: ChangeEvent<HTMLInputElement>) => void;
  onClickResult: (event: { currentTarget: HTMLElement }) => void;
}

const GridRow = memo(function GridRow({ entry, row, draft, state, activeCol, onChangeDate, onClickResult }: GridRowProps) {
  const noteId = `last-done-note-${entry.requirementId}`;
  const date = draft?.date ?? savedDate(entry);
  const result = draft?.result ?? savedResult(entry);
  const item = INSPECTION_TYPE_LABELS[entry.itemType];
  const invalid = state?.status === 'invalid' || state?.status === 'error';
  const stated = !entry.lastDoneOn && entry.lastDoneStatedOn ? `Said to be ${formatDate(entry.lastDoneStatedOn)}, no result recorded` : null;
  const note =
    state?.status === 'saving' ? 'Saving...' : state ? state.message : stated ?? (entry.lastDoneKnown ? null : 'Not known');
  return (
    <tr aria-rowindex={row + 2} className={cn(state?.status === 'saved' && 'bg-emerald-50/60')}>
      <th scope="row" className="sticky left-0 z-10 w-44 max-w-44 bg-background px-3 py-2 align-top font-medium">
        <span className="block break-words">{entry.propertyName}</span>
        <span className="block break-words text-xs font-normal text-muted-foreground">{entry.propertyAddress}</span>
      </th>
      <td className="whitespace-nowrap px-3 py-2 align-top">{item}</td>
      <td className="px-3 py-2 align-top">{entry.activity}</td>
      <td className="px-3 py-2 align-top">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={entry.lastDoneKnown ? 'Never' : 'Not known'}
          value={date}
          data-row={row}
          data-col={DATE_COL}
          tabIndex={activeCol === DATE_COL ? 0 : -1}
          onChange={onChangeDate}
          aria-label={`Last done: ${entry.propertyName}, ${item}, ${entry.activity}`}
          aria-invalid={invalid || undefined}
          aria-describedby={note ? noteId : undefined}
          className={cn(
            'h-9 w-32 rounded-md border border-input bg-background px-2 font-mono text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            invalid && 'border-red-600',
          )}
        />
        {note ? (
          <span
            id={noteId}
            className={cn(
              'mt-1 block max-w-48 text-xs',
              invalid ? 'text-red-800' : state?.status === 'saved' ? 'text-emerald-800' : 'text-muted-foreground',
            )}
          >
            {note}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 align-top">
        <button
          type="button"
          data-row={row}
          data-col={RESULT_COL}
          tabIndex={activeCol === RESULT_COL ? 0 : -1}
          onClick={onClickResult}
          aria-label={`Result: ${RESULT_LABELS[result]}, ${entry.propertyName}, ${item}, ${entry.activity}`}
          className={cn(
            'h-9 w-16 rounded-md border text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            result === 'compliant' ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-red-300 bg-red-50 text-red-900',
          )}
        >
          {RESULT_LABELS[result]}
        </button>
      </td>
      <td className="whitespace-nowrap px-3 py-2 align-top">
        {formatDate(entry.nextDueDate)}
        {/* Guessed from the day the safety item was added, not counted from a known day (decision 034). */}
        {entry.nextDueEstimated ? ' (estimated)' : null}
        {!entry.lastDoneKnown ? <span className="block text-xs text-muted-foreground">last done not known</span> : null}
      </td>
    </tr>
  );
});
