import { describe, expect, it } from 'vitest';
import { DEVICE_CHECKLISTS, checkLabels, checklistFor } from '@shared/device-checklists/index';
import { OTHER_CHECK_KEY } from '@shared/device-checklists/checklist';
import { LIBRARY } from '../requirements/library/index';

describe('device checklists', () => {
  const libraries = Object.values(LIBRARY);
  const keys = new Set(libraries.flatMap((library) => library.entries.map((entry) => entry.key)));

  it('each belong to a row of the requirement library, monthly in the current NFPA set, cite a source and end with "Other (describe)"', () => {
    for (const [key, checklist] of Object.entries(DEVICE_CHECKLISTS)) {
      expect(keys, key).toContain(key);
      // Monthly in the current NFPA set; another set may ask the same check less often (a Canadian alarm test is yearly).
      expect(LIBRARY['us-nfpa'].entries.find((entry) => entry.key === key)?.interval, key).toEqual({ months: 1 });
      expect(checklist.source).toMatch(/^NFPA \d+ \(\d{4}\)/);
      expect(checklist.items.at(-1)).toEqual({ key: OTHER_CHECK_KEY, label: 'Other (describe)' });
      expect(new Set(checklist.items.map((item) => item.key)).size).toBe(checklist.items.length);
    }
  });

  it('give an activity without a list, or a custom one, a single "Other (describe)"', () => {
    expect(checklistFor('fire_extinguisher.annual-maintenance')).toEqual({ source: null, items: [{ key: 'other', label: 'Other (describe)' }] });
    expect(checklistFor(null).items).toHaveLength(1);
  });

  it('name the failed checks in the order of the list', () => {
    expect(checkLabels('fire_extinguisher.monthly-visual-inspection', ['seals', 'location'])).toEqual(['Not in its designated place', 'Safety seal or tamper indicator broken or missing']);
  });
});
