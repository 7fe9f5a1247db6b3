import type { ItemQuestion } from '../item-conditions';

/**
 * What NFPA 10 (2022) needs to know about a property's portable extinguishers: the agents they
 * hold set the hydrostatic test interval (Table 8.3.1: 5 or 12 years), and whether they can be
 * recharged decides between the 6-year maintenance with hydrostatic tests and replacement 12
 * years after manufacture. The agent groups follow the rows of Table 8.3.1.
 */
export const FIVE_YEAR_AGENTS = ['co2', 'water', 'foam', 'wet_chemical', 'dry_chemical_stainless'] as const;
export const TWELVE_YEAR_AGENTS = ['dry_chemical', 'dry_chemical_cartridge', 'halogenated', 'dry_powder'] as const;
/** Stored-pressure agents that need the 12-year test, so the 6-year maintenance (NFPA 10 ch. 7). */
export const SIX_YEAR_AGENTS = ['dry_chemical', 'halogenated', 'dry_powder'] as const;

export const fireExtinguisherQuestions: readonly ItemQuestion[] = [
  {
    key: 'agents',
    itemType: 'fire_extinguisher',
    label: 'Which agents do the extinguishers hold?',
    hint: 'The hydrostatic test is every 5 or 12 years by agent. Until you answer, both the 5-year and the 12-year hydrostatic test are listed.',
    multiple: true,
    options: [
      { value: 'dry_chemical', label: 'Dry chemical, stored pressure (steel, brass or aluminium shell)' },
      { value: 'dry_chemical_cartridge', label: 'Dry chemical, cartridge- or cylinder-operated' },
      { value: 'dry_chemical_stainless', label: 'Dry chemical, stainless steel shell' },
      { value: 'co2', label: 'Carbon dioxide (CO2)' },
      { value: 'water', label: 'Water, antifreeze, wetting agent or loaded stream' },
      { value: 'foam', label: 'AFFF or FFFP foam' },
      { value: 'wet_chemical', label: 'Wet chemical (Class K)' },
      { value: 'halogenated', label: 'Halogenated or clean agent (Halon, Halotron, FE-36)' },
      { value: 'dry_powder', label: 'Dry powder (Class D)' },
    ],
  },
  {
    key: 'recharge',
    itemType: 'fire_extinguisher',
    label: 'Can they be recharged?',
    hint: 'Rechargeable units get the 6-year maintenance and hydrostatic tests; non-rechargeable ones are replaced 12 years after manufacture. Until you answer, both are listed.',
    multiple: true,
    options: [
      { value: 'rechargeable', label: 'Rechargeable' },
      { value: 'non_rechargeable', label: 'Non-rechargeable (disposable)' },
    ],
  },
];
