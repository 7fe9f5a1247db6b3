import { FIVE_YEAR_AGENTS, SIX_YEAR_AGENTS, TWELVE_YEAR_AGENTS } from '@shared/item-questions/fire-extinguisher';
import type { LibraryEntry } from '../entry';

const SIX_YEAR = 'fire_extinguisher.6-year-internal-examination';

/**
 * Portable fire extinguishers, NFPA 10 (2022). Which rows apply follows the answers about the
 * extinguishers (src/shared/item-questions/fire-extinguisher.ts); until they are given, every
 * row applies. docs/compliance-schedule.md says what each row was checked against.
 */
export const fireExtinguisher: readonly LibraryEntry[] = [
  { key: 'fire_extinguisher.monthly-visual-inspection', itemType: 'fire_extinguisher', activity: 'Monthly visual inspection', interval: { months: 1 }, source: 'NFPA 10 (2022) 7.2.1.2' },
  { key: 'fire_extinguisher.annual-maintenance', itemType: 'fire_extinguisher', activity: 'Annual maintenance', interval: { months: 12 }, source: 'NFPA 10 (2022) 7.3.1.1.1', principal: true },
  {
    key: SIX_YEAR,
    itemType: 'fire_extinguisher',
    activity: '6-year internal examination',
    interval: { months: 72 },
    source: 'NFPA 10 (2022) ch. 7',
    note: 'Rechargeable stored-pressure extinguishers that need a 12-year hydrostatic test; restarts at a recharge (record it as this examination) or a 12-year hydrostatic test',
    appliesWhen: { agents: SIX_YEAR_AGENTS, recharge: ['rechargeable'] },
  },
  {
    key: 'fire_extinguisher.hydrostatic-test-5-year',
    itemType: 'fire_extinguisher',
    activity: '5-year hydrostatic test',
    interval: { months: 60 },
    source: 'NFPA 10 (2022) Table 8.3.1',
    note: 'CO2, water and antifreeze, AFFF/FFFP foam, wet chemical, and dry chemical in stainless steel shells',
    appliesWhen: { agents: FIVE_YEAR_AGENTS, recharge: ['rechargeable'] },
  },
  {
    key: 'fire_extinguisher.hydrostatic-test-12-year',
    itemType: 'fire_extinguisher',
    activity: '12-year hydrostatic test',
    interval: { months: 144 },
    source: 'NFPA 10 (2022) Table 8.3.1',
    note: 'Dry chemical in steel, brass or aluminium shells, halogenated agents and dry powder; also restarts the 6-year internal examination',
    appliesWhen: { agents: TWELVE_YEAR_AGENTS, recharge: ['rechargeable'] },
    restarts: [SIX_YEAR],
  },
  {
    key: 'fire_extinguisher.replace-non-rechargeable',
    itemType: 'fire_extinguisher',
    activity: 'Replace non-rechargeable units (12 years from manufacture)',
    firstAfter: { months: 144 },
    interval: { months: 144 },
    source: 'NFPA 10 (2022) ch. 7',
    note: 'Non-rechargeable units get no 6-year maintenance nor hydrostatic test; they leave service 12 years after manufacture',
    appliesWhen: { recharge: ['non_rechargeable'] },
    countsFrom: 'manufacture',
  },
];
