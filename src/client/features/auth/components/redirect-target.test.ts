import { describe, expect, it } from 'vitest';
import { expiredLoginPath, redirectTarget } from './redirect-target';

describe('after signing in', () => {
  it('returns to the page named by next, with its query', () => {
    expect(redirectTarget(null, `?${new URL(expiredLoginPath('/properties/7?tab=reports'), 'http://x').searchParams}`)).toBe('/properties/7?tab=reports');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/auth/login?next=/x', ''])('ignores next=%s', (next) => {
    expect(redirectTarget(null, `?next=${encodeURIComponent(next)}`)).toBe('/dashboard');
  });

  it('falls back to the page kept in router state', () => {
    expect(redirectTarget({ from: { pathname: '/inspections', search: '?status=overdue' } })).toBe('/inspections?status=overdue');
  });
});
