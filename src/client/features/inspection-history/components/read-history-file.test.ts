import { describe, expect, it } from 'vitest';
import { csvLine, readHistoryFile } from './read-history-file';

const today = '2026-06-15';
const csv = (...lines: string[]) => new File([`\uFEFF${lines.join('\r\n')}\r\n`], 'history.csv', { type: 'text/csv' });

describe('readHistoryFile', () => {
  it('sends the rows it can read and names the others with their line in the file', async () => {
    const file = await readHistoryFile(
      csv(
        'Building,Address,Safety item,Activity,Date performed,Pass/Fail,Technician,Year built',
        'Depot,5 Rail Way,Extinguishers,annual,2025-02-01,Passed,Sam,1990',
        'Depot,,Extinguishers,,03/02/2025,pass,,',
        'Depot,,Fire alarm,,2026-06-16,pass,,',
        '17,,Fire alarm,,2025-02-02,maybe,,',
        '"Smith, Jones & Co",,Sprinklers,,2026-06-15,fail,,',
      ),
      today,
    );
    expect(file.errors).toEqual([]);
    expect(file.ignoredColumns).toEqual(['Year built']);
    expect(file.sent).toEqual([0, 4]);
    expect(file.rows[0]).toMatchObject({ property: 'Depot, 5 Rail Way', itemType: 'Extinguishers', activity: 'annual', performedOn: '2025-02-01', result: 'Passed', inspector: 'Sam' });
    expect(file.rows[4]).toMatchObject({ property: 'Smith, Jones & Co', result: 'fail' });
    expect(file.problems.map((p) => [csvLine(p.index), p.message])).toEqual([
      [3, 'Enter the day it was done as YYYY-MM-DD'],
      [4, 'The day it was done cannot be in the future'],
      [5, 'Result must be compliant or non-compliant (pass or fail)'],
    ]);
  });

  it('stops at missing columns before reading any row', async () => {
    const file = await readHistoryFile(csv('Property,Date', 'Depot,2025-01-01'), today);
    expect(file.errors).toEqual(['Missing required columns: itemType, result']);
    expect(file.sent).toEqual([]);
  });
});
