import { describe, expect, it } from 'vitest';
import { searchFold, searchMatches } from './search-fold';

describe('searchFold', () => {
  it('folds case and accents in every script, as the issue asked', () => {
    for (const term of ['čelákovice', 'ČELÁKOVICE', 'Celakovice', 'Čel']) expect(searchMatches('Čelákovice Depot', term), term).toBe(true);
    expect(searchMatches('Bytový dům', 'DŮM')).toBe(true);
    expect(searchMatches('Склад Москва', 'МОСКВА')).toBe(true);
    expect(searchMatches('Οικία Σοφίας', 'ΣΟΦΙΑΣ')).toBe(true);
    expect(searchMatches('Łódź', 'lodz')).toBe(true);
    expect(searchMatches('Straße', 'STRASSE')).toBe(true);
    expect(searchMatches('Ｔｏｋｙｏ', 'tokyo')).toBe(true);
  });

  it('keeps what changes a letter: kana voicing marks, Indic vowel signs', () => {
    expect(searchFold('がっこう')).toBe('がっこう');
    expect(searchMatches('がっこう', 'かっこう')).toBe(false);
    expect(searchFold('किताब')).toBe('किताब');
  });

  it('leaves plain ASCII as lower case only', () => {
    expect(searchFold('Harbor View 100%_')).toBe('harbor view 100%_');
  });
});
