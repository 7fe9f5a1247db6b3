import { OTHER_CHECK, type DeviceChecklist } from './checklist';

/**
 * NFPA 101 (2021) 7.9.3.1.1 (1) and (3): the monthly functional test for not less than 30
 * seconds, with the equipment fully operational for the test. The code's words are about the
 * test; the battery or charging indicator and the damage check are a reading (what a unit's
 * manufacturer and most inspection forms ask at the same visit), not the code's list.
 */
export const monthlyEmergencyLightTest: DeviceChecklist = {
  source: 'NFPA 101 (2021) 7.9.3.1.1 (charging indicator and damage: a reading)',
  items: [
    { key: 'lamps_30s', label: 'Lamps did not stay lit for 30 seconds' },
    { key: 'charging_indicator', label: 'Battery or charging indicator not showing normal' },
    { key: 'damage', label: 'Damaged, missing or aimed away from the exit path' },
    OTHER_CHECK,
  ],
};
