import type { LibraryEntry } from '../entry';

/**
 * Smoke detectors, NFPA 72 (2022) chapter 14: a fire alarm system's detectors are tested every
 * year and their sensitivity checked; single-station smoke alarms in dwellings are replaced 10
 * years after manufacture and get no functional test like a system detector.
 */
export const smokeDetectors: readonly LibraryEntry[] = [
  {
    key: 'smoke_detectors.annual-functional-test',
    itemType: 'smoke_detectors',
    activity: 'Annual functional test',
    interval: { months: 12 },
    source: 'NFPA 72 (2022) Table 14.4.3.2',
    note: 'Detectors connected to a fire alarm panel',
    principal: true,
    appliesWhen: { detector_kind: ['system'] },
  },
  {
    key: 'smoke_detectors.sensitivity-test',
    itemType: 'smoke_detectors',
    activity: 'Sensitivity test',
    firstAfter: { months: 12 },
    interval: { months: 24 },
    source: 'NFPA 72 (2022) ch. 14',
    note: 'Within 1 year of installation, then every alternate year; not where the panel monitors sensitivity',
    appliesWhen: { detector_kind: ['system'], sensitivity_monitored: ['no'] },
    countsFrom: 'installation',
  },
  {
    key: 'smoke_detectors.10-year-smoke-alarm-replacement',
    itemType: 'smoke_detectors',
    activity: '10-year smoke alarm replacement',
    firstAfter: { months: 120 },
    interval: { months: 120 },
    source: 'NFPA 72 (2022) ch. 14',
    note: 'Single- and multiple-station smoke alarms in dwelling units: replaced 10 years after manufacture',
    appliesWhen: { detector_kind: ['single_station'] },
    countsFrom: 'manufacture',
  },
];
