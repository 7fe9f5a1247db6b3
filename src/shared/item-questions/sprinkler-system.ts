import type { ItemQuestion } from '../item-conditions';

/** What NFPA 25 (2023) needs to know about a sprinkler system: valves, system kinds, backflow and sprinkler kinds. */
export const sprinklerSystemQuestions: readonly ItemQuestion[] = [
  {
    key: 'valve_securing',
    itemType: 'sprinkler_system',
    label: 'How are the control valves secured?',
    hint: 'Sealed valves are inspected weekly, locked ones monthly, electrically supervised ones quarterly. Until you answer, all three are listed.',
    multiple: true,
    options: [
      { value: 'sealed', label: 'Sealed' },
      { value: 'locked', label: 'Locked' },
      { value: 'supervised', label: 'Electrically supervised (tamper switches)' },
    ],
  },
  {
    key: 'sprinkler_system_kinds',
    itemType: 'sprinkler_system',
    label: 'Which kinds of system are there?',
    hint: 'Gauges of dry, preaction and deluge systems are inspected monthly. Until you answer, that inspection is listed.',
    multiple: true,
    options: [
      { value: 'wet', label: 'Wet pipe' },
      { value: 'dry', label: 'Dry pipe' },
      { value: 'preaction', label: 'Preaction' },
      { value: 'deluge', label: 'Deluge' },
    ],
  },
  {
    key: 'sprinkler_backflow',
    itemType: 'sprinkler_system',
    label: 'Is there a backflow preventer on the sprinkler supply?',
    hint: 'A backflow preventer gets an annual forward-flow test: here, or as its own Backflow Preventers item. Until you answer, the test is listed here.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes, tested with the sprinkler system' },
      { value: 'separate', label: 'Yes, kept as its own Backflow Preventers item' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    key: 'sprinkler_kinds',
    itemType: 'sprinkler_system',
    label: 'Which kinds of sprinklers are installed?',
    hint: 'Samples are sent for testing (or the sprinklers replaced) after 50 years for standard sprinklers, 20 for fast-response, 15 for dry and 5 in harsh environments. Until you answer, all are listed.',
    multiple: true,
    options: [
      { value: 'standard', label: 'Standard response' },
      { value: 'fast_response', label: 'Fast response (quick response, residential)' },
      { value: 'dry', label: 'Dry sprinklers' },
      { value: 'harsh', label: 'In a harsh (corrosive) environment, or extra-high temperature solder type' },
    ],
  },
];
