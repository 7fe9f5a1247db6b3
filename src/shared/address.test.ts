import { describe, expect, it } from 'vitest';
import { checkAddress, postalCode, regionCode } from './address';

describe('regionCode', () => {
  it('takes a US state by its code or its name, in any case, and answers the code', () => {
    expect(regionCode('us', 'MA')).toBe('MA');
    expect(regionCode('us', 'ma')).toBe('MA');
    expect(regionCode('us', 'Massachusetts')).toBe('MA');
    expect(regionCode('us', ' new york ')).toBe('NY');
    expect(regionCode('us', 'District of Columbia')).toBe('DC');
    expect(regionCode('us', 'Puerto Rico')).toBe('PR');
  });

  it('takes a Canadian province with or without accents', () => {
    expect(regionCode('ca', 'Québec')).toBe('QC');
    expect(regionCode('ca', 'ontario')).toBe('ON');
    expect(regionCode('ca', 'Newfoundland & Labrador')).toBe('NL');
  });

  it("refuses what is not the country's", () => {
    expect(regionCode('us', 'Mass')).toBeUndefined();
    expect(regionCode('us', 'ON')).toBeUndefined();
    expect(regionCode('ca', 'MA')).toBeUndefined();
    expect(regionCode('us', 'XX')).toBeUndefined();
  });
});

describe('postalCode', () => {
  it('writes a US ZIP or ZIP+4 as the post office does', () => {
    expect(postalCode('us', '02110')).toBe('02110');
    expect(postalCode('us', '02110-1234')).toBe('02110-1234');
    expect(postalCode('us', '021101234')).toBe('02110-1234');
    expect(postalCode('us', 'ABCDE')).toBeUndefined();
    expect(postalCode('us', '2110')).toBeUndefined();
    expect(postalCode('us', 'M5V 2T6')).toBeUndefined();
  });

  it('writes a Canadian postal code in capitals with its space', () => {
    expect(postalCode('ca', 'm5v2t6')).toBe('M5V 2T6');
    expect(postalCode('ca', 'M5V 2T6')).toBe('M5V 2T6');
    expect(postalCode('ca', '02110')).toBeUndefined();
    // D, F, I, O, Q and U are never used.
    expect(postalCode('ca', 'D5V 2T6')).toBeUndefined();
  });
});

describe('checkAddress', () => {
  it('answers the stored spelling, or a message for each field that is wrong', () => {
    expect(checkAddress('us', 'Massachusetts', '02110')).toEqual({ ok: true, state: 'MA', zip: '02110' });
    expect(checkAddress('us', 'Massachusetts', 'ABCDE')).toEqual({
      ok: false,
      fieldErrors: { zip: 'Enter a 5-digit ZIP code (e.g. 02110) or ZIP+4 (02110-1234)' },
    });
    expect(checkAddress('ca', 'Texas', 'M5V 2T6')).toEqual({
      ok: false,
      fieldErrors: { state: 'Enter a province or territory as its two-letter code (e.g. ON) or its name' },
    });
  });
});
