/**
 * What a walk-through's Fail asks: which check of the activity failed (issue 32 §3), so that a
 * deficiency found on a device is structured and can be counted. Each checklist is data with
 * its source, like the requirement library, and is found by the library row's key: a code set
 * whose row has the same key (ca-nfc's monthly extinguisher inspection) shows the same checks.
 */
export interface ChecklistItem {
  /** Stable: stored with a walk-through's result (walkthrough_results.failed_checks). */
  key: string;
  /** What failed, as the inspector reads it on the phone and the deficiency records it. */
  label: string;
}

export interface DeviceChecklist {
  /** Standard (edition) and section(s) the checks come from. */
  source: string;
  items: readonly ChecklistItem[];
}

/** The key of the check every activity has: what failed, in the inspector's words. */
export const OTHER_CHECK_KEY = 'other';
export const OTHER_CHECK: ChecklistItem = { key: OTHER_CHECK_KEY, label: 'Other (describe)' };
