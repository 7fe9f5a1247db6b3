/** The property page's tabs, named in the URL (?tab=) so a link, a reload or Back lands on the same one. */
export const PROPERTY_TABS = ['overview', 'inspections', 'deficiencies', 'reports'] as const;
export type PropertyTab = (typeof PROPERTY_TABS)[number];

export function propertyTabFromUrl(params: URLSearchParams): PropertyTab {
  const asked = params.get('tab');
  return (PROPERTY_TABS as readonly string[]).includes(asked ?? '') ? (asked as PropertyTab) : 'overview';
}
