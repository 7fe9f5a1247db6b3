import type { ItemQuestion } from '../item-conditions';

/** NFPA 96's grease inspection follows the volume of cooking; NFPA 17A's fusible links apply where the system has them. */
export const kitchenHoodSuppressionQuestions: readonly ItemQuestion[] = [
  {
    key: 'cooking_volume',
    itemType: 'kitchen_hood_suppression',
    label: 'What cooking does the hood serve?',
    hint: 'NFPA 96 sets how often the exhaust system is inspected for grease: monthly to yearly by cooking. Until you answer, every frequency is listed.',
    multiple: false,
    options: [
      { value: 'solid_fuel', label: 'Solid fuel (wood, charcoal)' },
      { value: 'high', label: 'High volume (24-hour cooking, charbroiling, wok)' },
      { value: 'moderate', label: 'Moderate volume' },
      { value: 'low', label: 'Low volume (churches, day camps, seasonal businesses, senior centres)' },
    ],
  },
  {
    key: 'hood_detection',
    itemType: 'kitchen_hood_suppression',
    label: 'Does the system detect fire with fusible links?',
    hint: 'Fusible links are replaced every six months. Until you answer, that is listed.',
    multiple: false,
    options: [
      { value: 'fusible_link', label: 'Yes, fusible links' },
      { value: 'other', label: 'No (electronic or other detection)' },
    ],
  },
];
