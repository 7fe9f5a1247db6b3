import { OTHER_CHECK, type DeviceChecklist } from './checklist';

/**
 * NFPA 10 (2022) 7.2.2, the monthly inspection of a portable extinguisher. The first six
 * checks are the list of 7.2.2 (location, visibility, access, gauge, fullness; the wheeled
 * unit's tires and hose and the push-to-test indicator are left to "Other"). The seals, the
 * operating instructions and the damage checks are the additional procedures of 7.2.2.4, which
 * the code asks where 7.2.2.3's conditions exist (severe hazards, exposure to damage): most
 * inspection tags list them every month, so they are offered here too. "Tag or label current"
 * is a reading of 7.2.4 (the month, year and initials of each monthly inspection are recorded,
 * usually on the tag), not a check the code lists in 7.2.2. The section numbers of 7.2.2.3 and
 * 7.2.2.4 follow the 2018 and 2022 editions' numbering and were not checked against the 2022
 * text itself.
 */
export const monthlyExtinguisherInspection: DeviceChecklist = {
  source: 'NFPA 10 (2022) 7.2.2; 7.2.2.4 and 7.2.4 (a reading)',
  items: [
    { key: 'location', label: 'Not in its designated place' },
    { key: 'visibility', label: 'Not visible, or its location sign is missing' },
    { key: 'access', label: 'Access obstructed' },
    { key: 'pressure', label: 'Pressure gauge not in the operable range' },
    { key: 'fullness', label: 'Not full (by weighing or hefting)' },
    { key: 'instructions', label: 'Operating instructions not legible or not facing out' },
    { key: 'seals', label: 'Safety seal or tamper indicator broken or missing' },
    { key: 'damage', label: 'Physical damage, corrosion, leakage or clogged nozzle' },
    { key: 'tag', label: 'Tag or label not current' },
    OTHER_CHECK,
  ],
};
