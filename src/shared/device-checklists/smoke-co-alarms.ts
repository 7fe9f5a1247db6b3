import { OTHER_CHECK, type DeviceChecklist } from './checklist';

/**
 * The monthly test of smoke and CO alarms in dwelling units. NFPA 72 (2022) chapter 14 asks
 * for the test the manufacturer's published instructions give (a press of the test button for
 * most alarms); the section was not confirmed, and the checks below are a reading of what such
 * instructions ask, not the code's words.
 */
export const monthlyAlarmTest: DeviceChecklist = {
  source: 'NFPA 72 (2022) ch. 14, the manufacturer’s instructions (a reading)',
  items: [
    { key: 'sounds', label: 'Did not sound when tested' },
    { key: 'power', label: 'No power light, or battery chirping' },
    { key: 'obstructed', label: 'Painted over, covered or damaged' },
    { key: 'expired', label: 'Past its replacement date' },
    OTHER_CHECK,
  ],
};
