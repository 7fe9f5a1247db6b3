import type { ItemQuestion } from '../item-conditions';

/** NFPA 25 (2023) 6.3: automatic standpipes get the 5-year flow test, manual and semiautomatic dry ones the hydrostatic test. */
export const standpipesQuestions: readonly ItemQuestion[] = [
  {
    key: 'standpipe_kind',
    itemType: 'standpipes',
    label: 'What kind of standpipe system is it?',
    hint: 'Automatic systems get a flow test every 5 years; manual and semiautomatic dry ones a hydrostatic test. Until you answer, both are listed.',
    multiple: true,
    options: [
      { value: 'automatic', label: 'Automatic (wet or dry)' },
      { value: 'semiautomatic_dry', label: 'Semiautomatic dry' },
      { value: 'manual', label: 'Manual (wet or dry)' },
    ],
  },
];
