import { describe, expect, it } from 'vitest';
import { DEVICE_IMPORT_MAX_ROWS, deviceRowsFromCells, readDay, readItemType, readMonth, readSubtype } from './device-import';

/** How the device import reads the words people write in a device list (issue 32 §1). */
describe('reading a device list in people’s words', () => {
  it('reads item types by their names and by what people call them', () => {
    const read = (cells: string[]) => cells.map(readItemType);
    expect(read(['Extinguisher', 'Fire extinguisher', 'FIRE EXTINGUISHERS', 'fire_extinguisher', 'Portable extinguishers'])).toEqual(Array(5).fill('fire_extinguisher'));
    expect(read(['Exit light', 'Exit sign', 'Illuminated exit'])).toEqual(Array(3).fill('emergency_exits'));
    expect(read(['Emergency light', 'Emergency lighting', 'Bug eye', 'Twin head'])).toEqual(Array(4).fill('emergency_lighting'));
    expect(read(['Smoke detector', 'Heat detector', 'Duct detector'])).toEqual(Array(3).fill('smoke_detectors'));
    expect(read(['Smoke alarm', 'CO detector', 'Carbon monoxide alarm'])).toEqual(Array(3).fill('smoke_co_alarms'));
    expect(read(['Pull station', 'Horn/strobe'])).toEqual(['fire_alarm', 'fire_alarm']);
    expect(read(['Coffee machine', ''])).toEqual([undefined, undefined]);
  });

  it('reads extinguisher agents as people write them, by the rows of NFPA 10 Table 8.3.1', () => {
    const agent = (cell: string) => readSubtype('fire_extinguisher', cell);
    expect(['ABC', 'A:B:C', 'dry chem', 'Dry Chemical', 'BC', 'Purple K', 'multi-purpose', 'dry_chemical'].map(agent)).toEqual(Array(8).fill('dry_chemical'));
    expect(['CO2', 'Carbon dioxide', 'co 2'].map(agent)).toEqual(['co2', 'co2', 'co2']);
    expect(['water', 'Pressurized water', 'APW', 'Class A'].map(agent)).toEqual(Array(4).fill('water'));
    expect(['K class', 'Class K', 'Wet chem', 'K'].map(agent)).toEqual(Array(4).fill('wet_chemical'));
    expect(['AFFF', 'foam'].map(agent)).toEqual(['foam', 'foam']);
    expect(['Halotron', 'clean agent', 'FE-36'].map(agent)).toEqual(Array(3).fill('halogenated'));
    expect(['Class D', 'Dry powder', 'Met-L-X'].map(agent)).toEqual(Array(3).fill('dry_powder'));
    expect(['Cartridge-operated', 'Stainless steel'].map(agent)).toEqual(['dry_chemical_cartridge', 'dry_chemical_stainless']);
    expect(agent('lemonade')).toBeUndefined();
    expect(readSubtype('emergency_lighting', 'Batteries')).toBe('battery');
  });

  it('reads months of manufacture as labels and spreadsheets write them', () => {
    const month = (cells: string[]) => cells.map(readMonth);
    expect(month(['2019-04', '2019/04', '04/2019', '4/2019', '4-2019', 'Apr 2019', 'April 2019', 'apr-19', 'Apr. 2019', '2019-04-30', '04/30/2019'])).toEqual(Array(11).fill('2019-04'));
    expect(month(['Apr-98', 'Dec 05'])).toEqual(['1998-04', '2005-12']);
    expect(month(['2019', '13/2019', '2019-13', 'Smarch 2019', 'soon', ''])).toEqual(Array(6).fill(undefined));
  });

  it('reads installation days, month first as in the United States unless the first number cannot be a month', () => {
    const day = (cells: string[]) => cells.map(readDay);
    expect(day(['2021-03-15', '03/15/2021', '15/03/2021', '15 Mar 2021', 'March 15, 2021', '2021-03-15T10:00:00Z'])).toEqual(Array(6).fill('2021-03-15'));
    expect(day(['2021-03', 'Mar 2021'])).toEqual(['2021-03-01', '2021-03-01']);
    expect(day(['2021-02-30', '02/30/2021', 'soon'])).toEqual([undefined, undefined, undefined]);
    expect(readDay('2024-02-29')).toBe('2024-02-29');
  });

  it('stops a file of more devices than one import takes before anything is sent', () => {
    const cells = [['Type'], ...Array.from({ length: DEVICE_IMPORT_MAX_ROWS + 1 }, () => ['Extinguisher'])];
    expect(deviceRowsFromCells(cells)).toEqual({ rows: [], error: 'The file has 5,001 devices; import at most 5,000 at once, in several files.' });
    expect(deviceRowsFromCells(cells.slice(0, -1)).rows).toHaveLength(DEVICE_IMPORT_MAX_ROWS);
  });
});
