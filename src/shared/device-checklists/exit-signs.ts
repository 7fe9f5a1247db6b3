import { OTHER_CHECK, type DeviceChecklist } from './checklist';

/**
 * NFPA 101 (2021) 7.10.9.1: exit signs are visually inspected for the operation of their
 * illumination sources at intervals not exceeding 30 days. Legibility and a clear view are a
 * reading of 7.10.1 (signs readily visible) rather than part of the monthly check's words.
 */
export const monthlyExitSignCheck: DeviceChecklist = {
  source: 'NFPA 101 (2021) 7.10.9.1 (legible and visible: a reading of 7.10.1)',
  items: [
    { key: 'illumination', label: 'Not illuminated (lamp or source out)' },
    { key: 'legible', label: 'Letters or arrow not legible' },
    { key: 'visible', label: 'View blocked, or sign damaged or missing' },
    OTHER_CHECK,
  ],
};

/**
 * NFPA 101 (2021) 7.10.9.2 with 7.9.3.1.1: a battery-powered exit sign is tested as emergency
 * lighting is, for 30 seconds on its battery each month. The indicator check is a reading.
 */
export const monthlyExitSignBatteryTest: DeviceChecklist = {
  source: 'NFPA 101 (2021) 7.10.9.2, 7.9.3.1.1 (charging indicator: a reading)',
  items: [
    { key: 'battery_30s', label: 'Did not stay lit on battery for 30 seconds' },
    { key: 'charging_indicator', label: 'Battery or charging indicator not showing normal' },
    { key: 'damage', label: 'Sign damaged or missing' },
    OTHER_CHECK,
  ],
};
