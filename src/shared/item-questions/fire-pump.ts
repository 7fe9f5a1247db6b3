import type { ItemQuestion } from '../item-conditions';

/** NFPA 25 (2023) 8.3.1: diesel pumps run weekly without flow, electric ones monthly. */
export const firePumpQuestions: readonly ItemQuestion[] = [
  {
    key: 'pump_driver',
    itemType: 'fire_pump',
    label: 'What drives the fire pump?',
    hint: 'Diesel pumps run weekly (30 minutes), electric ones monthly (10 minutes). Until you answer, both are listed.',
    multiple: true,
    options: [
      { value: 'diesel', label: 'Diesel engine' },
      { value: 'electric', label: 'Electric motor' },
    ],
  },
];
