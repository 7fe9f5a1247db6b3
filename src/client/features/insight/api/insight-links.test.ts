import { describe, expect, it } from 'vitest';
import { completedInMonth, dueInWeek, openDeficiencies, propertiesWithStatus } from './insight-links';

describe('the links from Insight figures to the lists', () => {
  it('carry the chosen properties, so the list shows what the number counted', () => {
    expect(propertiesWithStatus('non_compliant', [3, 7])).toBe('/properties?status=non_compliant&propertyIds=3,7');
    expect(dueInWeek('2026-04-13', 'fire_alarm', [3, 7])).toBe('/inspections?view=calendar&date=2026-04-13&status=all&type=fire_alarm&propertyIds=3,7');
    expect(completedInMonth('2026-03', [3, 7])).toBe('/inspections?view=calendar&month=2026-03&status=completed&propertyIds=3,7');
    expect(openDeficiencies({ severity: 'critical', age: '90+', propertyIds: [3, 7] })).toBe('/deficiencies?severity=critical&age=90%2B&propertyIds=3,7');
  });

  it('pass one chosen property to the deficiencies list as the one it names, and none without a choice', () => {
    expect(openDeficiencies({ propertyIds: [3] })).toBe('/deficiencies?propertyId=3');
    expect(openDeficiencies()).toBe('/deficiencies');
    expect(propertiesWithStatus('compliant')).toBe('/properties?status=compliant');
    expect(dueInWeek('2026-04-13', undefined, [])).toBe('/inspections?view=calendar&date=2026-04-13&status=all');
  });
});
