import { describe, expect, it } from 'vitest';
import { addDays, effectiveItemStatus, inspectionDisplayStatus, propertyStatusFrom, propertyStatusLine, propertyStatusReason, resultAfterCorrections } from './compliance';

describe('resultAfterCorrections', () => {
  const open = { correctedOn: null };
  const fixed = { correctedOn: '2026-05-01' };

  it('keeps a non-compliant result while any deficiency it opened is open', () => {
    expect(resultAfterCorrections('non_compliant', [fixed, open])).toBe('non_compliant');
  });

  it('counts it as compliant once every deficiency is corrected', () => {
    expect(resultAfterCorrections('non_compliant', [fixed, fixed])).toBe('compliant');
  });

  it('leaves a non-compliant result without deficiencies, a compliant one, and none as they are', () => {
    expect(resultAfterCorrections('non_compliant', [])).toBe('non_compliant');
    expect(resultAfterCorrections('compliant', [open])).toBe('compliant');
    expect(resultAfterCorrections(null, [])).toBeNull();
  });
});

describe('addDays', () => {
  it('crosses months, leap days and years on the calendar alone', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is not moved by a daylight-saving change', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });
});

describe('effectiveItemStatus', () => {
  const today = '2026-06-10';
  it('is overdue the day after its due date, and due soon up to seven days ahead', () => {
    expect(effectiveItemStatus({ status: 'compliant', nextDueDate: '2026-06-09' }, today)).toBe('overdue');
    expect(effectiveItemStatus({ status: 'compliant', nextDueDate: '2026-06-10' }, today)).toBe('due_soon');
    expect(effectiveItemStatus({ status: 'compliant', nextDueDate: '2026-06-17' }, today)).toBe('due_soon');
    expect(effectiveItemStatus({ status: 'compliant', nextDueDate: '2026-06-18' }, today)).toBe('compliant');
  });

  it('keeps a non-compliant result, and an item with no due date, as recorded', () => {
    expect(effectiveItemStatus({ status: 'non_compliant', nextDueDate: '2026-01-01' }, today)).toBe('non_compliant');
    expect(effectiveItemStatus({ status: 'never_inspected', nextDueDate: null }, today)).toBe('never_inspected');
  });
});

describe('propertyStatusFrom', () => {
  const item = (status: 'compliant' | 'due_soon' | 'overdue' | 'non_compliant' | 'never_inspected', lastInspectionDate: string | null = '2026-01-01') => ({ status, lastInspectionDate });

  it('is non-compliant when any item is overdue, even one never inspected', () => {
    expect(propertyStatusFrom([item('compliant'), item('overdue', null)])).toBe('non_compliant');
    expect(propertyStatusFrom([item('non_compliant')])).toBe('non_compliant');
    expect(propertyStatusFrom([item('never_inspected', null), item('non_compliant')])).toBe('non_compliant');
  });

  it('is pending while any item was never inspected, not only while none was (DECISIONS "Compliance model")', () => {
    expect(propertyStatusFrom([item('never_inspected', null)])).toBe('pending');
    expect(propertyStatusFrom([])).toBe('pending');
    // Extinguishers passed, sprinklers never inspected: Pending, not Compliant.
    expect(propertyStatusFrom([item('compliant'), item('never_inspected', null)])).toBe('pending');
    // Never inspected and due within the week is still an incomplete record.
    expect(propertyStatusFrom([item('compliant'), item('due_soon', null)])).toBe('pending');
  });

  it('is due soon before compliant, and compliant only when every item passed', () => {
    expect(propertyStatusFrom([item('compliant'), item('due_soon')])).toBe('due_soon');
    expect(propertyStatusFrom([item('compliant'), item('compliant')])).toBe('compliant');
  });
});

describe('propertyStatusReason', () => {
  type Item = Parameters<typeof propertyStatusReason>[1][number];
  const item = (itemType: Item['itemType'], status: Item['status'], lastInspectionDate: string | null, nextDueDate: string | null): Item => ({
    itemType,
    status,
    lastInspectionDate,
    nextDueDate,
  });
  const line = (items: Item[]) => {
    const status = propertyStatusFrom(items);
    return propertyStatusLine(status, propertyStatusReason(status, items));
  };

  it('names the items never inspected that keep a property pending', () => {
    expect(line([item('sprinkler_system', 'never_inspected', null, '2026-09-01'), item('fire_extinguisher', 'compliant', '2026-03-01', '2027-03-15')])).toBe(
      'Pending: Sprinkler system never inspected',
    );
    expect(
      line([
        item('sprinkler_system', 'never_inspected', null, '2026-09-01'),
        item('emergency_lighting', 'never_inspected', null, '2026-09-01'),
        item('fire_extinguisher', 'compliant', '2026-03-01', '2027-03-15'),
      ]),
    ).toBe('Pending: Emergency lighting and sprinkler system never inspected');
    expect(line([])).toBe('Pending: No safety items yet: nothing has been inspected');
    // An abbreviation in an item's name stays one.
    expect(line([item('smoke_co_alarms', 'never_inspected', null, '2026-09-01')])).toBe('Pending: Smoke and CO alarms (dwelling units) never inspected');
  });

  it('counts the requirements with no known last date, and names a day given with no result (issue 35)', () => {
    const notKnown = (type: Item['itemType'], n: number) => ({ ...item(type, 'due_soon', null, '2026-04-10'), lastDoneUnknownCount: n });
    expect(line([notKnown('fire_extinguisher', 4), notKnown('sprinkler_system', 2), notKnown('emergency_lighting', 2), notKnown('fire_alarm', 1)])).toBe(
      'Pending: 9 requirements with no known last date',
    );
    expect(
      line([
        { ...item('fire_alarm', 'never_inspected', null, '2027-03-15'), lastDoneStatedOn: '2026-03-15' },
        item('sprinkler_system', 'never_inspected', null, '2026-09-01'),
        notKnown('smoke_detectors', 1),
      ]),
    ).toBe('Pending: Sprinkler system never inspected; fire alarm last done Mar 15, 2026, no result recorded; 1 requirement with no known last date');
    expect(line([{ ...item('fire_alarm', 'overdue', null, '2026-04-10'), lastDoneUnknownCount: 1 }])).toBe(
      'Action Needed: Fire alarm last done not known and overdue (due Apr 10, 2026)',
    );
  });

  it('names what failed and what is overdue, with its due date', () => {
    expect(
      line([
        item('fire_alarm', 'non_compliant', '2026-03-01', '2027-03-15'),
        item('sprinkler_system', 'overdue', null, '2026-05-11'),
        item('smoke_detectors', 'overdue', '2025-05-11', '2026-05-11'),
      ]),
    ).toBe('Action Needed: Fire alarm failed inspection; smoke detectors overdue (due May 11, 2026); sprinkler system never inspected and overdue (due May 11, 2026)');
  });

  it('says a device out of service as it is, not as a failed inspection (issue 32)', () => {
    const extinguishers = (fields: Partial<Item>) => ({ ...item('fire_extinguisher', 'non_compliant', '2026-03-01', '2027-03-15'), ...fields });
    expect(line([extinguishers({ resultFailed: false, devicesOutOfService: 2 })])).toBe('Action Needed: Fire extinguishers: 2 devices out of service');
    expect(line([extinguishers({ resultFailed: false, devicesOutOfService: 1, devicesWithOpenDeficiency: 1 })])).toBe(
      'Action Needed: Fire extinguishers: 1 device out of service and 1 device with a deficiency not corrected',
    );
    // Failed and with a unit out of service: both are said; the failure already covers a unit's deficiency.
    expect(
      line([extinguishers({ resultFailed: true, devicesOutOfService: 1, devicesWithOpenDeficiency: 3 }), item('sprinkler_system', 'overdue', '2025-05-11', '2026-05-11')]),
    ).toBe('Action Needed: Fire extinguishers failed inspection; fire extinguishers: 1 device out of service; sprinkler system overdue (due May 11, 2026)');
    // Back in service: nothing about devices is left to say.
    expect(line([extinguishers({ resultFailed: false, devicesOutOfService: 0 }), item('fire_alarm', 'non_compliant', '2026-03-01', '2027-03-15')])).toBe(
      'Action Needed: Fire alarm failed inspection',
    );
  });

  it('says what is due soon, and why a compliant property is compliant', () => {
    expect(line([item('fire_alarm', 'due_soon', '2025-06-12', '2026-06-12'), item('fire_extinguisher', 'compliant', '2026-03-01', '2027-03-15')])).toBe(
      'Due Soon: Fire alarm due Jun 12, 2026',
    );
    expect(line([item('fire_alarm', 'compliant', '2026-03-01', '2027-03-15'), item('fire_extinguisher', 'compliant', '2026-02-01', '2027-02-11')])).toBe(
      'Compliant: All 2 safety items passed their last inspection; next due Feb 11, 2027',
    );
    expect(line([item('fire_alarm', 'compliant', '2026-03-01', '2027-03-15')])).toBe('Compliant: Fire alarm passed its last inspection; next due Mar 15, 2027');
  });
});

describe('inspectionDisplayStatus', () => {
  it('derives overdue and due soon for open inspections only', () => {
    const today = '2026-06-10';
    expect(inspectionDisplayStatus({ status: 'scheduled', dueDate: '2026-06-09' }, today)).toBe('overdue');
    expect(inspectionDisplayStatus({ status: 'in_progress', dueDate: '2026-06-15' }, today)).toBe('due_soon');
    expect(inspectionDisplayStatus({ status: 'scheduled', dueDate: '2026-07-01' }, today)).toBe('scheduled');
    expect(inspectionDisplayStatus({ status: 'completed', dueDate: '2026-01-01' }, today)).toBe('completed');
    expect(inspectionDisplayStatus({ status: 'cancelled', dueDate: '2026-01-01' }, today)).toBe('cancelled');
  });
});
