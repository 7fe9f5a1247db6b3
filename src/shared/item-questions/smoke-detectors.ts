import type { ItemQuestion } from '../item-conditions';

/**
 * NFPA 72 (2022) chapter 14: detectors of a fire alarm system are tested every year and their
 * sensitivity checked; single- and multiple-station smoke alarms in dwellings are replaced 10
 * years after manufacture instead. A panel that monitors sensitivity itself needs no test.
 */
export const smokeDetectorsQuestions: readonly ItemQuestion[] = [
  {
    key: 'detector_kind',
    itemType: 'smoke_detectors',
    label: 'What kind of smoke detection is it?',
    hint: 'System detectors get the annual functional and sensitivity tests; smoke alarms in dwelling units are replaced 10 years after manufacture. Until you answer, all are listed.',
    multiple: true,
    options: [
      { value: 'system', label: 'Detectors connected to a fire alarm panel' },
      { value: 'single_station', label: 'Single- or multiple-station smoke alarms in dwelling units' },
    ],
  },
  {
    key: 'sensitivity_monitored',
    itemType: 'smoke_detectors',
    label: 'Does the fire alarm panel monitor the detectors’ sensitivity?',
    hint: 'Where the panel checks sensitivity itself, no separate sensitivity test is needed. Until you answer, it is listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
];
