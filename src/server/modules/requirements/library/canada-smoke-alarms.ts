import type { LibraryEntry } from './entry';
import { usNfpa } from './us-nfpa';

/**
 * The replacement of smoke alarms (single- and multiple-station, in dwelling units) in a
 * Canadian set: us-nfpa's row (its key, so a change of set keeps the requirement, its interval
 * and what it counts from), cited where the set says so. CAN/ULC-S552 has an alarm replaced
 * when its manufacturer says (a replace-by date on it) and, in its explanatory note, within 10
 * years of manufacture. Without it, answering "single-station" left the item nothing to do.
 */
export function canadianSmokeAlarmReplacement(source: string): LibraryEntry {
  const row = usNfpa.entries.find((e) => e.key === 'smoke_detectors.10-year-smoke-alarm-replacement');
  if (!row) throw new Error('us-nfpa has no smoke alarm replacement row');
  return {
    ...row,
    source,
    note: 'Single- and multiple-station smoke alarms in dwelling units: replaced by the date the manufacturer marks, 10 years after manufacture where none is marked',
  };
}
