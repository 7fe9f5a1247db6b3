import { describe, expect, it } from 'vitest';
import { matchActivity, readItemType, readResult } from './inspection-history-words';

describe('readResult', () => {
  it.each([
    ['compliant', 'compliant'], ['Pass', 'compliant'], ['PASSED', 'compliant'], ['ok', 'compliant'],
    ['non_compliant', 'non_compliant'], ['Non-compliant', 'non_compliant'], ['non compliant', 'non_compliant'],
    ['fail', 'non_compliant'], ['Failed', 'non_compliant'], ['DEFECTIVE', 'non_compliant'],
  ])('reads %s as %s', (written, result) => expect(readResult(written)).toBe(result));

  it('reads other words as nothing', () => {
    for (const written of ['', 'maybe', 'passed?no', 'n/a']) expect(readResult(written)).toBeNull();
  });
});

describe('readItemType', () => {
  it.each([
    ['Extinguishers', 'fire_extinguisher'], ['fire extinguisher', 'fire_extinguisher'], ['FireExtinguishers', 'fire_extinguisher'],
    ['Fire Extinguishers', 'fire_extinguisher'], ['sprinkler_system', 'sprinkler_system'], ['Sprinklers', 'sprinkler_system'],
    ['Emergency lights', 'emergency_lighting'], ['Exit doors', 'emergency_exits'], ['Smoke alarms', 'smoke_detectors'],
    ['SMOKE DETECTORS', 'smoke_detectors'], ['Fire alarm', 'fire_alarm'], ['Fire Alarm System', 'fire_alarm'], ['Other', 'other'],
    ['Extincteurs', null], ['', null], ['fire', null],
  ])('reads %s as %s', (written, type) => expect(readItemType(written)).toBe(type));

  // The items the library issue added, as people write them in a service company's export.
  it.each([
    ['Fire-rated doors', 'fire_doors'], ['RPZ', 'backflow_preventers'], ['Hood and duct', 'kitchen_hood_suppression'], ['Ansul system', 'kitchen_hood_suppression'],
    ['Wet chemical system', 'kitchen_hood_suppression'], ['Dry standpipe', 'standpipes'], ['Genset', 'emergency_generator'],
    ['Transfer switch', 'emergency_generator'], ['Fire/smoke dampers', 'fire_smoke_dampers'], ['CO detectors', 'smoke_co_alarms'],
    ['Churn test', 'fire_pump'], ['FM-200', 'special_hazard_suppression'], ['Inergen', 'special_hazard_suppression'],
    ['Yard hydrants', 'private_hydrants_mains'], ['Gravity tank', 'water_storage_tanks'], ['Stairwell pressurization', 'smoke_control'],
  ])('reads %s as %s', (written, type) => expect(readItemType(written)).toBe(type));
});

describe('matchActivity', () => {
  const extinguishers = [
    { id: 1, activity: 'Monthly visual inspection' },
    { id: 2, activity: 'Annual maintenance' },
    { id: 3, activity: '6-year internal examination' },
    { id: 4, activity: 'Hydrostatic test' },
  ];
  const id = (written: string) => {
    const m = matchActivity(written, extinguishers);
    return m.match?.id ?? null;
  };

  it('reads the activity as people write it', () => {
    expect(id('Annual maintenance')).toBe(2);
    expect(id('annual')).toBe(2);
    expect(id('Yearly')).toBe(2);
    expect(id('monthly')).toBe(1);
    expect(id('Monthly check')).toBe(1);
    expect(id('6 year')).toBe(3);
    expect(id('six-year examination')).toBe(3);
    expect(id('6yr')).toBe(3);
    expect(id('hydro')).toBe(4);
    expect(id('HYDROSTATIC TESTING')).toBe(4);
  });

  it('names the activities when nothing fits, and the candidates when several do', () => {
    const none = matchActivity('weekly', extinguishers);
    expect(none).toEqual({ match: null, problem: 'No activity called "weekly": the activities are Monthly visual inspection; Annual maintenance; 6-year internal examination; Hydrostatic test' });
    const two = matchActivity('inspection', [{ id: 1, activity: 'Quarterly inspection' }, { id: 2, activity: 'Annual inspection and test' }]);
    expect(two).toMatchObject({ match: null, problem: '"inspection" could be Quarterly inspection or Annual inspection and test: write the activity as listed' });
  });

  it('takes the plain one when a longer activity fits too: "Quarterly" is the quarterly inspection, not the control valves', () => {
    const sprinklers = [
      { id: 1, activity: 'Quarterly inspection' },
      { id: 2, activity: 'Annual inspection and test' },
      { id: 3, activity: 'Quarterly control valve inspection' },
      { id: 4, activity: 'Annual backflow preventer forward-flow test' },
    ];
    expect(matchActivity('Quarterly', sprinklers).match?.id).toBe(1);
    expect(matchActivity('annual', sprinklers).match?.id).toBe(2);
    expect(matchActivity('control valves', sprinklers).match?.id).toBe(3);
    expect(matchActivity('backflow', sprinklers).match?.id).toBe(4);
  });
});
