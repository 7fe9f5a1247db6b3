import { intervalLabel, type Interval } from './intervals';

/**
 * "Below the code minimum" (issue 37, DECISIONS "Item types, activities and code sets"): a
 * library requirement switched off, or kept at a longer interval than its source asks, is
 * shown so with the reason, wherever the schedule is shown (property page, report, share page).
 */

export const BELOW_CODE_MINIMUM = 'Below the code minimum';

export interface BelowMinimumParts {
  source: string | null;
  /** The library's interval: what the source asks. */
  codeInterval: Interval | null;
  active: boolean;
  intervalMonths: number | null;
  intervalDays: number | null;
  belowCodeMinimumReason: string | null;
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The sentence, from words already chosen: "NFPA 25 (2023) Table 5.1.1.2 asks every 3 months;
 * every 6 months here because: the insurer agreed", or "...; switched off here (no reason recorded)".
 * `codeAsks` and `kept` are interval labels ("Every 3 months"); `kept` null when switched off.
 */
export function belowMinimumSentence(parts: { source: string | null; codeAsks: string | null; kept: string | null; reason: string | null }): string {
  const reason = parts.reason?.trim();
  const asks = parts.codeAsks ? lower(parts.codeAsks) : 'more often';
  const kept = parts.kept ? lower(parts.kept) : 'switched off';
  return `${parts.source ?? 'Its source'} asks ${asks}; ${kept} here${reason ? ` because: ${reason}` : ' (no reason recorded)'}`;
}

/** The sentence for a requirement as the API answers it. */
export function belowMinimumText(r: BelowMinimumParts): string {
  return belowMinimumSentence({
    source: r.source,
    codeAsks: r.codeInterval ? intervalLabel(r.codeInterval) : null,
    kept: r.active ? intervalLabel(r) : null,
    reason: r.belowCodeMinimumReason,
  });
}
