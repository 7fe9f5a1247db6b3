import { describe, expect, it } from 'vitest';
import { HISTORY_CSV_TEMPLATE, historyRowsFromCells } from './inspection-history-csv';

const cellsOf = (text: string) => text.split('\r\n').map((line) => line.match(/("[^"]*"|[^,]*)(,|$)/g)!.filter((c) => c !== '').map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')));

describe('historyRowsFromCells', () => {
  it('reads the template it offers', () => {
    const { rows, error } = historyRowsFromCells(cellsOf(HISTORY_CSV_TEMPLATE));
    expect(error).toBeUndefined();
    expect(rows[0]).toEqual({
      property: 'Harbor View Offices, 100 Harbor Way',
      itemType: 'Fire extinguishers',
      activity: 'Annual maintenance',
      performedOn: '2025-03-14',
      result: 'pass',
      inspector: 'Alex Rivera',
      notes: 'All 12 units tagged',
    });
    expect(rows[2]).toMatchObject({ property: 'Maple Street Apartments', activity: '', result: 'fail' });
  });

  it('reads the headers people write, and joins an address column to the name', () => {
    const { rows } = historyRowsFromCells([
      ['Building', 'Address', 'Safety Item', 'Date Performed', 'Pass/Fail', 'Technician'],
      ['Depot', '5 Rail Way', 'Extinguishers', '2025-02-01', 'Passed', 'Sam'],
      ['17', '', 'Fire alarm', '2025-02-02', 'fail', ''],
    ]);
    expect(rows).toEqual([
      { property: 'Depot, 5 Rail Way', itemType: 'Extinguishers', performedOn: '2025-02-01', result: 'Passed', inspector: 'Sam' },
      { property: '17', itemType: 'Fire alarm', performedOn: '2025-02-02', result: 'fail', inspector: '' },
    ]);
  });

  it('names the columns that are missing', () => {
    expect(historyRowsFromCells([['Property', 'Notes'], ['Depot', 'x']]).error).toBe('Missing required columns: itemType, performedOn, result');
  });
});
