import { describe, expect, it } from 'vitest';
import { resultAfterCorrections } from '@shared/compliance';

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
