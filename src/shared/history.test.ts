import { describe, expect, it } from 'vitest';
import { csvCell, historyChangesText, historySubjectText, historyValueText } from './history';

describe('history wording', () => {
  it('keeps spreadsheet formulas from running and quotes as RFC 4180 says', () => {
    expect(csvCell('Harbor View')).toBe('Harbor View');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+44 20 7946 0000')).toBe(`"'+44 20 7946 0000"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('a "quoted", b')).toBe('"a ""quoted"", b"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('words values and changes with the screens’ labels', () => {
    expect(historyValueText('status', 'completed')).toBe('Completed');
    expect(historyValueText('severity', 'non_critical')).toBe('Non-critical');
    expect(historyValueText('active', false)).toBe('No');
    expect(historyValueText('notes', null)).toBe('(none)');
    expect(historyValueText('attested_at', '2026-03-01T14:05:09.123+00:00')).toBe('2026-03-01 14:05 UTC');
    expect(historyChangesText({ due_date: ['2026-03-01', '2026-04-01'], status: ['scheduled', 'completed'] })).toBe(
      'Due date: 2026-03-01 → 2026-04-01; Status: Scheduled → Completed',
    );
    expect(historyChangesText({ zip: [null, '01970'], city: [null, 'Salem'], name: [null, 'Harbor'] })).toBe('Name: (none) → Harbor; City: (none) → Salem; ZIP or postal code: (none) → 01970');
    expect(historySubjectText('inspections', { inspection_type: 'fire_alarm', due_date: '2026-03-01' })).toBe('Fire Alarm inspection due 2026-03-01');
    expect(historySubjectText('memberships', { name: 'Ann Lee', role: 'manager' })).toBe('Ann Lee (Manager)');
  });
});

describe('what a change recorded offline held', () => {
  it('reads its deficiencies by description and its attestation by who signed', () => {
    expect(historyValueText('deficiencies', [{ description: 'Horn silent', severity: 'impairment' }, { description: 'Strobe dim' }])).toBe('Horn silent; Strobe dim');
    expect(historyValueText('attestation', { accepted: true, role: 'recorder', typedName: 'Mia Manager' })).toBe('Signed by Mia Manager');
    expect(historyValueText('compliance_status', 'non_compliant')).toBe('Non-compliant');
    expect(historyValueText('property_ids', [1, 2])).toBe('2 properties');
  });
});
