import type { LibraryEntry } from '../entry';

const T = 'smoke_co_alarms' as const;

/** Smoke and carbon monoxide alarms in dwelling units, NFPA 72 (2022) chapter 14 (CO alarms came into NFPA 72 from NFPA 720). */
export const smokeCoAlarms: readonly LibraryEntry[] = [
  {
    key: 'smoke_co_alarms.monthly-test',
    itemType: T,
    activity: 'Monthly alarm test',
    interval: { months: 1 },
    source: 'NFPA 72 (2022) ch. 14',
    note: 'As the manufacturer’s published instructions ask (monthly for most alarms)',
    principal: true,
  },
  {
    key: 'smoke_co_alarms.10-year-smoke-alarm-replacement',
    itemType: T,
    activity: '10-year smoke alarm replacement',
    firstAfter: { months: 120 },
    interval: { months: 120 },
    source: 'NFPA 72 (2022) ch. 14',
    note: 'Not more than 10 years after the date of manufacture',
    appliesWhen: { dwelling_alarm_kinds: ['smoke'] },
    countsFrom: 'manufacture',
  },
  {
    key: 'smoke_co_alarms.co-alarm-replacement',
    itemType: T,
    activity: 'CO alarm replacement',
    firstAfter: { months: 84 },
    interval: { months: 84 },
    source: 'NFPA 72 (2022) ch. 14',
    note: 'At the manufacturer’s replacement date, usually 7 to 10 years after manufacture; 7 here',
    appliesWhen: { dwelling_alarm_kinds: ['co'] },
    countsFrom: 'manufacture',
  },
];
