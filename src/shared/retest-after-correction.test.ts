import { describe, expect, it } from 'vitest';
import { propertyStatusReason, resultAfterCorrections } from './compliance';
import { awaitingRetestReason, retestRule, retestScheduledMessage } from './retest-after-correction';

describe('re-test after a correction', () => {
  it('applies to the fire alarm, smoke detectors and sprinklers, with their sources, and not to extinguishers or lighting', () => {
    expect(retestRule('fire_alarm')?.source).toBe('NFPA 72 (2022) 14.4.2');
    expect(retestRule('smoke_detectors')?.source).toBe('NFPA 72 (2022) 14.4.2');
    expect(retestRule('sprinkler_system')?.source).toBe('NFPA 25 (2023) ch. 15');
    for (const type of ['fire_extinguisher', 'emergency_lighting', 'emergency_exits', 'other'] as const) expect(retestRule(type)).toBeNull();
  });

  it('applies to the other NFPA 25 systems by their component action requirements, and not to kitchen hood or special-hazard suppression', () => {
    expect(retestRule('standpipes')?.source).toBe('NFPA 25 (2023) ch. 6');
    expect(retestRule('private_hydrants_mains')?.source).toBe('NFPA 25 (2023) 7.5.1');
    expect(retestRule('fire_pump')?.source).toBe('NFPA 25 (2023) ch. 8');
    expect(retestRule('water_storage_tanks')?.source).toBe('NFPA 25 (2023) ch. 9');
    expect(retestRule('backflow_preventers')?.source).toBe('NFPA 25 (2023) ch. 13');
    for (const type of ['kitchen_hood_suppression', 'special_hazard_suppression'] as const) expect(retestRule(type)).toBeNull();
  });

  it("names the source of the property's code set: CAN/ULC-S536 in Canada, an older edition by its chapter", () => {
    expect(retestRule('fire_alarm', 'ca-nfc')?.source).toBe('CAN/ULC-S536 (2019)');
    expect(retestRule('smoke_detectors', 'ca-on')?.source).toBe('CAN/ULC-S536');
    expect(retestRule('fire_alarm', 'us-cms')?.source).toBe('NFPA 72 (2010) ch. 14');
    expect(retestRule('private_hydrants_mains', 'ca-on')?.source).toBe('NFPA 25 (2014) ch. 7');
    expect(retestRule('sprinkler_system', 'ca-nfc')?.source).toBe('NFPA 25 (2017) ch. 15');
    expect(retestScheduledMessage('fire_alarm', '2027-03-03', 'ca-nfc')).toBe('Re-test scheduled for Mar 3, 2027: CAN/ULC-S536 asks that repaired fire alarm components be tested again');
  });

  it('says when the re-test is due and why, and why the item waits', () => {
    expect(retestScheduledMessage('fire_alarm', '2027-03-03')).toBe('Re-test scheduled for Mar 3, 2027: NFPA 72 asks that repaired fire alarm components be tested again');
    expect(awaitingRetestReason('sprinkler_system')).toBe('Sprinkler system awaiting re-test after repair');
  });

  it('keeps a corrected failure non-compliant while a re-test is scheduled, and names it in the status reason', () => {
    expect(resultAfterCorrections('non_compliant', [{ correctedOn: '2027-03-03' }], true)).toBe('non_compliant');
    const item = { itemType: 'fire_alarm' as const, status: 'non_compliant' as const, lastInspectionDate: '2027-03-01', nextDueDate: '2028-03-01' };
    expect(propertyStatusReason('non_compliant', [{ ...item, awaitingRetest: true }, { ...item, itemType: 'sprinkler_system', awaitingRetest: false }])).toBe(
      'Sprinkler system failed inspection; fire alarm awaiting re-test after repair',
    );
  });
});
