import type { ItemQuestion } from '../item-conditions';

/** NFPA 2001's semiannual check of agent quantity and pressure is for clean agent systems. */
export const specialHazardSuppressionQuestions: readonly ItemQuestion[] = [
  {
    key: 'special_hazard_agent',
    itemType: 'special_hazard_suppression',
    label: 'Which agent does the system discharge?',
    hint: 'Clean agent containers are checked for quantity and pressure every six months. Until you answer, that check is listed.',
    multiple: true,
    options: [
      { value: 'clean_agent', label: 'Clean agent (FM-200, Novec 1230, inert gas)' },
      { value: 'other', label: 'Another agent (carbon dioxide, dry chemical, ...)' },
    ],
  },
];
