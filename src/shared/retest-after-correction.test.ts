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
