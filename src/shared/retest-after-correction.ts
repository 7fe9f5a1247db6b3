import { formatDisplayDate } from './dates';
import type { InspectionType } from './enums';

/**
 * Which safety items the code asks to be tested again after a repair (issue 37, section 1):
 * correcting the last open deficiency of a failed inspection of such an item does not make it
 * compliant; it schedules a re-test of the same requirement, and only a passing re-test (or a
 * later passing inspection) clears the failure. The readings and what they were checked
 * against are in docs/compliance-schedule.md, "Re-test after a correction".
 */
export interface RetestRule {
  /** The standard, edition and section (or chapter, where the section was not confirmed). */
  source: string;
  /** Completes "NFPA 72 asks that ..." on screen and in the answer. */
  asks: string;
  /** What the item is while it waits: "Fire alarm awaiting re-test after repair". */
  subject: string;
}

const NFPA_72_REACCEPTANCE: Omit<RetestRule, 'subject'> = {
  // 14.4.2 "Reacceptance Testing" as quoted from the 2013 edition; a reading for 2022.
  source: 'NFPA 72 (2022) 14.4.2',
  asks: 'repaired fire alarm components be tested again',
};

/**
 * Only the types listed here: NFPA 10 (extinguishers), NFPA 101 7.9.3 (emergency lighting,
 * whose next 30-day test checks a replaced battery) and 7.10.9 (exit signs) ask for no test
 * beyond the periodic ones after a repair. Other water-based systems under NFPA 25 (standpipes,
 * fire pumps, private mains, tanks) follow the same impairment chapter and belong here when
 * they are item types of their own.
 */
const RULES: Partial<Record<InspectionType, RetestRule>> = {
  fire_alarm: { ...NFPA_72_REACCEPTANCE, subject: 'Fire alarm' },
  // System smoke detectors are initiating devices of the fire alarm: a replaced one is
  // functionally tested (14.4.2.1 in the 2013 edition).
  smoke_detectors: { source: NFPA_72_REACCEPTANCE.source, asks: 'a replaced or repaired detector be tested again', subject: 'Smoke detectors' },
  sprinkler_system: {
    // Chapter 15 (Impairments): restoring an impaired system includes the inspections and
    // tests that show it works. The section number moves between editions.
    source: 'NFPA 25 (2023) ch. 15',
    asks: 'a sprinkler system restored to service be inspected and tested',
    subject: 'Sprinkler system',
  },
};

export function retestRule(itemType: InspectionType): RetestRule | null {
  return RULES[itemType] ?? null;
}

/** The standard's short name, "NFPA 72", from its citation. */
const standardOf = (rule: RetestRule) => rule.source.replace(/\s*\(.*$/, '');

/** "Re-test scheduled for Mar 3, 2027: NFPA 72 asks that repaired fire alarm components be tested again" */
export function retestScheduledMessage(itemType: InspectionType, dueDate: string): string {
  const rule = retestRule(itemType);
  const when = `Re-test scheduled for ${formatDisplayDate(dueDate)}`;
  return rule ? `${when}: ${standardOf(rule)} asks that ${rule.asks}` : when;
}

/** "Fire alarm awaiting re-test after repair": the reason an item stays non-compliant. */
export function awaitingRetestReason(itemType: InspectionType): string {
  const rule = retestRule(itemType);
  return `${rule?.subject ?? 'Safety item'} awaiting re-test after repair`;
}
