import { describe, expect, it } from 'vitest';
import { tagFromText } from './tag-from-text';

describe('tagFromText', () => {
  it('reads a typed tag in upper case, without spaces around it', () => {
    expect(tagFromText('  ext-0042 ')).toBe('EXT-0042');
  });

  it("reads the tag from a label's QR code address, as a scanner types it", () => {
    expect(tagFromText('https://firemark.example.com/t/K7QM2XP')).toBe('K7QM2XP');
    expect(tagFromText('http://127.0.0.1:4753/t/ext-0042?from=label')).toBe('EXT-0042');
  });

  it('keeps a stray percent sign as typed', () => {
    expect(tagFromText('ext%')).toBe('EXT%');
  });

  it('gives nothing for nothing typed', () => {
    expect(tagFromText('   ')).toBe('');
  });
});
