import type { ItemQuestion } from '../item-conditions';

/** The occupancies whose chapters of NFPA 101 call for the annual door inspection (7.2.1.15 in the 2009 edition). */
export const DOOR_INSPECTION_OCCUPANCIES = [
  'assembly',
  'educational',
  'day_care',
  'board_and_care',
  'hotel_dormitory',
  'apartment',
  'mercantile',
  'business',
  'industrial',
  'storage',
] as const;

/** Which doors need NFPA 101's annual inspection, and whether the exit signs run on batteries (7.10.9.2). */
export const emergencyExitsQuestions: readonly ItemQuestion[] = [
  {
    key: 'exit_sign_power',
    itemType: 'emergency_exits',
    label: 'How are the exit signs lit?',
    hint: 'Signs with batteries get the emergency lighting tests too: 30 seconds every month and 90 minutes every year. Until you answer, both are listed.',
    multiple: true,
    options: [
      { value: 'battery', label: 'Lit, with batteries in the signs' },
      { value: 'other', label: 'Lit from a generator or central supply, or self-luminous' },
    ],
  },
  {
    key: 'egress_doors',
    itemType: 'emergency_exits',
    label: 'Which of these doors does the property have?',
    hint: 'The annual egress door inspection covers only these doors. Until you answer, it is listed.',
    multiple: true,
    options: [
      { value: 'panic_hardware', label: 'Doors with panic or fire exit hardware' },
      { value: 'exit_enclosure', label: 'Doors of exit stairs or other exit enclosures' },
      { value: 'special_locking', label: 'Electrically controlled or specially locked egress doors' },
      { value: 'none', label: 'None of these' },
    ],
  },
  {
    key: 'exit_occupancy',
    itemType: 'emergency_exits',
    label: 'What is the building used as?',
    hint: 'The door inspection applies where the occupancy chapter asks for it. Until you answer, it is listed.',
    multiple: true,
    options: [
      { value: 'assembly', label: 'Assembly' },
      { value: 'educational', label: 'Educational' },
      { value: 'day_care', label: 'Day care' },
      { value: 'board_and_care', label: 'Residential board and care' },
      { value: 'hotel_dormitory', label: 'Hotel or dormitory' },
      { value: 'apartment', label: 'Apartment building' },
      { value: 'mercantile', label: 'Mercantile' },
      { value: 'business', label: 'Business' },
      { value: 'industrial', label: 'Industrial' },
      { value: 'storage', label: 'Storage' },
      { value: 'other', label: 'Another use (health care, detention, one- and two-family dwellings, ...)' },
    ],
  },
];
