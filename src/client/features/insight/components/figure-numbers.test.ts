import { describe, expect, it } from 'vitest';
import type { ComplianceTrendResponse } from '@shared/schemas/insight';
import { compliantShareAndChange, countIn, latestKnownWeek } from './figure-numbers';

type Week = ComplianceTrendResponse['weeks'][number];
const week = (weekStart: string, compliant: number, total: number, known = true): Week => ({
  weekStart,
  compliant,
  pending: 0,
  nonCompliant: total - compliant,
  total,
  known,
});

describe("the dashboard's key figures", () => {
  it('reads the share compliant now against four weeks before', () => {
    const weeks = [week('2026-10-26', 1, 4), week('2026-11-02', 2, 4), week('2026-11-09', 2, 4), week('2026-11-16', 3, 4), week('2026-11-23', 3, 4)];
    expect(compliantShareAndChange(weeks)).toMatchObject({ share: 0.75, fourWeeksBefore: 0.25 });
  });

  it('says nothing of four weeks before when that week was not recorded or had no property', () => {
    expect(compliantShareAndChange([week('2026-10-26', 0, 0, false), week('2026-11-02', 1, 2), week('2026-11-09', 1, 2), week('2026-11-16', 1, 2), week('2026-11-23', 2, 2)])).toMatchObject({
      share: 1,
      fourWeeksBefore: undefined,
    });
    expect(compliantShareAndChange([week('2026-11-23', 1, 2)])?.fourWeeksBefore).toBeUndefined();
  });

  it('has no share without a known week with properties', () => {
    expect(latestKnownWeek([week('2026-11-16', 0, 0), week('2026-11-23', 0, 3, false)])).toBeUndefined();
    expect(compliantShareAndChange([])).toBeUndefined();
  });

  it('counts open deficiencies of a band, of every severity or of one', () => {
    const bands = [
      { severity: 'critical' as const, band: '90+' as const, count: 2 },
      { severity: 'impairment' as const, band: '90+' as const, count: 1 },
      { severity: 'critical' as const, band: '0-30' as const, count: 5 },
    ];
    expect(countIn(bands, '90+')).toBe(3);
    expect(countIn(bands, '90+', 'critical')).toBe(2);
    expect(countIn(bands, '31-90')).toBe(0);
  });
});
