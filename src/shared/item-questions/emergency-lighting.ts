import type { ItemQuestion } from '../item-conditions';

/**
 * NFPA 101 (2021) 7.9.3.1.1: the annual 1 1/2-hour test is for battery-powered emergency
 * lighting; lighting fed by a generator follows NFPA 110 (the Emergency Generator item).
 */
export const emergencyLightingQuestions: readonly ItemQuestion[] = [
  {
    key: 'lighting_power',
    itemType: 'emergency_lighting',
    label: 'What powers the emergency lighting?',
    hint: 'The annual 90-minute test is for battery-powered lighting; a generator is tested under NFPA 110 as an Emergency Generator item. Until you answer, the 90-minute test is listed.',
    multiple: true,
    options: [
      { value: 'battery', label: 'Batteries (in each unit or a central battery)' },
      { value: 'generator', label: 'An emergency generator' },
    ],
  },
];
