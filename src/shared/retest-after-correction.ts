import { formatDisplayDate } from './dates';
import type { CodeSet } from './code-sets';
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
 * NFPA 25's "Component Action Requirements": whenever a component is adjusted, repaired,
 * reconditioned or replaced, the test its chapter's table names is performed (7.5.1 for private
 * fire service mains, checked against a reproduction of the 2020 edition; the other chapters'
 * tables are the same pattern, a reading, so they cite the chapter).
 */
const componentAction = (section: string, subject: string, what: string): RetestRule => ({
  source: `NFPA 25 (2023) ${section}`,
  asks: `a repaired or replaced ${what} be tested as its component action requirements say`,
  subject,
});

/**
 * Only the types listed here: NFPA 10 (extinguishers), NFPA 101 7.9.3 (emergency lighting,
 * whose next 30-day test checks a replaced battery) and 7.10.9 (exit signs) ask for no test
 * beyond the periodic ones after a repair. Kitchen hood suppression (NFPA 17A, NFPA 96) and
 * special-hazard suppression (NFPA 12, 12A, 2001) are not here either: after a discharge or a
 * repair they ask the system to be recharged and serviced by a trained person, which is that
 * service's own record, and no clause asking a separate test after a repair was confirmed.
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
  standpipes: componentAction('ch. 6', 'Standpipes', 'standpipe component'),
  private_hydrants_mains: componentAction('7.5.1', 'Private hydrants and mains', 'hydrant or main component'),
  fire_pump: componentAction('ch. 8', 'Fire pump', 'fire pump component'),
  water_storage_tanks: componentAction('ch. 9', 'Fire water storage tanks', 'tank component'),
  // Backflow prevention assemblies are among the valves of chapter 13, whose table asks a
  // repaired or replaced assembly to be tested (a reading; the section was not confirmed).
  backflow_preventers: componentAction('ch. 13', 'Backflow preventers', 'backflow prevention assembly'),
};

/** The NFPA editions each set enforces, where they are not the current ones (library/<set>/). */
const NFPA_EDITIONS: Partial<Record<CodeSet, Record<string, string>>> = {
  'us-cms': { 'NFPA 72': '2010', 'NFPA 25': '2011' },
  'ca-nfc': { 'NFPA 25': '2017' },
  'ca-on': { 'NFPA 25': '2014' },
};

/**
 * Canada has fire alarms inspected and tested to CAN/ULC-S536, not NFPA 72 (NFC (2020) 6.3.1.2,
 * OFC 6.3): a repaired component is tested again under it. Which clause asks it was not
 * confirmed, so the standard is cited without a section (a reading).
 */
const S536: Partial<Record<CodeSet, string>> = { 'ca-nfc': 'CAN/ULC-S536 (2019)', 'ca-on': 'CAN/ULC-S536' };

/**
 * The rule as the property's code set cites it: CAN/ULC-S536 for a Canadian fire alarm, and an
 * older NFPA edition by its chapter (its section numbers were not confirmed: a reading).
 */
function citedIn(rule: RetestRule, codeSet: CodeSet): RetestRule {
  const s536 = S536[codeSet];
  if (s536 && rule.source.startsWith('NFPA 72')) return { ...rule, source: s536 };
  const match = /^(NFPA \d+) \((\d{4})\) (.+)$/.exec(rule.source);
  const edition = match ? NFPA_EDITIONS[codeSet]?.[match[1]!] : undefined;
  if (!match || !edition) return rule;
  const chapter = match[3]!.startsWith('ch.') ? match[3]! : `ch. ${match[3]!.split('.')[0]}`;
  return { ...rule, source: `${match[1]} (${edition}) ${chapter}` };
}

/** The re-test rule of the item type, as the property's code set (default us-nfpa) cites it; null where none is asked. */
export function retestRule(itemType: InspectionType, codeSet: CodeSet = 'us-nfpa'): RetestRule | null {
  const rule = RULES[itemType];
  return rule ? citedIn(rule, codeSet) : null;
}

/** The standard's short name, "NFPA 72", from its citation. */
const standardOf = (rule: RetestRule) => rule.source.replace(/\s*\(.*$/, '');

/** "Re-test scheduled for Mar 3, 2027: NFPA 72 asks that repaired fire alarm components be tested again" */
export function retestScheduledMessage(itemType: InspectionType, dueDate: string, codeSet: CodeSet = 'us-nfpa'): string {
  const rule = retestRule(itemType, codeSet);
  const when = `Re-test scheduled for ${formatDisplayDate(dueDate)}`;
  return rule ? `${when}: ${standardOf(rule)} asks that ${rule.asks}` : when;
}

/** "Fire alarm awaiting re-test after repair": the reason an item stays non-compliant. */
export function awaitingRetestReason(itemType: InspectionType): string {
  const rule = retestRule(itemType);
  return `${rule?.subject ?? 'Safety item'} awaiting re-test after repair`;
}
