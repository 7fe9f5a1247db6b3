import type { CodeSet } from '@shared/code-sets';
import type { InspectionType } from '@shared/enums';
import type { AppliesWhen } from '@shared/item-conditions';

/**
 * One row of the requirement library as data: what a code set asks of a safety item, how
 * often, when it applies and where it says so. syncLibrary writes these to requirement_library
 * after every migration; docs/compliance-schedule.md lists them (checked by a test).
 */
export type LibraryEntry = {
  /** Stable within its code set: rows are found by it, so an activity can be renamed. */
  key: string;
  itemType: InspectionType;
  activity: string;
  interval: { months: number } | { days: number };
  /** Standard (edition) and section, or the chapter where the section was not confirmed. */
  source: string;
  /** When it applies, in words, where the standard limits it. */
  note?: string;
  /** The one an inspection of the type that names no activity counts for. At most one per type. */
  principal?: boolean;
  /** The answers about the item it needs (src/shared/item-conditions.ts). */
  appliesWhen?: AppliesWhen;
  /** Where the code gives a window around the due date: months before and after. */
  window?: { beforeMonths: number; afterMonths: number };
  /** What the first due date counts from when it was never done. */
  countsFrom?: 'last_done' | 'installation' | 'manufacture';
  /**
   * Counted from installation or manufacture: the first is due this long after that day, later
   * ones every `interval` (NFPA 25's field test at 50 years, then every 10). A replacement with
   * no repeat of its own has firstAfter equal to interval.
   */
  firstAfter?: { months: number };
  /**
   * Keys of rows (same code set, same item) whose clock a completion of this one restarts too:
   * NFPA 10's 12-year hydrostatic test restarts the 6-year maintenance (ch. 7).
   */
  restarts?: readonly string[];
};

export type CodeSetLibrary = { codeSet: CodeSet; entries: readonly LibraryEntry[] };
