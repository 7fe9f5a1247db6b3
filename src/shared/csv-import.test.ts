import { describe, expect, it } from 'vitest';
import { duplicateKey, findDuplicateRows, matchColumns, rowsFromCells } from './csv-import';

describe('matchColumns', () => {
  it.each([
    ['Property Name', 'name'],
    ['Name', 'name'],
    ['Street Address', 'addressLine1'],
    ['Address 1', 'addressLine1'],
    ['address_line1', 'addressLine1'],
    ['Zip Code', 'zip'],
    ['Postal Code', 'zip'],
    ['ZIP', 'zip'],
    ['Type', 'propertyType'],
    ['Property Type', 'propertyType'],
    ['Manager Email', 'managerEmail'],
    ['  manager   EMAIL ', 'managerEmail'],
    ['Province', 'state'],
  ])('reads "%s" as %s', (header, column) => {
    const { index } = matchColumns(['x', header]);
    expect(index).toMatchObject({ [column]: 1 });
  });

  it('reads a header the way people write a whole sheet of them', () => {
    const { index, missing } = matchColumns(['Property Name', 'Street Address', 'Address 2', 'City', 'State', 'Postal Code', 'Type', 'Manager Email', 'Country']);
    expect(missing).toEqual([]);
    expect(index).toEqual({ name: 0, addressLine1: 1, addressLine2: 2, city: 3, state: 4, zip: 5, propertyType: 6, managerEmail: 7, country: 8 });
  });

  it('gives one header to one column, the best-named first', () => {
    // "Address" is the street; "Address 2" stays the second line.
    const { index } = matchColumns(['Address', 'Address 2', 'Name', 'Property Name']);
    expect(index).toMatchObject({ name: 2, addressLine1: 0, addressLine2: 1 });
  });

  it('still names what is missing', () => {
    expect(matchColumns(['Name', 'City']).missing).toEqual(['addressLine1', 'state', 'zip', 'propertyType', 'managerEmail']);
  });

  it('turns cells under those headers into rows', () => {
    const { rows } = rowsFromCells([
      ['Property Name', 'Street Address', 'City', 'State', 'Zip Code', 'Type', 'Manager Email'],
      ['Depot', '5 Rail Way', 'Reno', 'NV', '89501', 'Warehouse', 'b@example.com'],
    ]);
    expect(rows).toEqual([{ name: 'Depot', addressLine1: '5 Rail Way', city: 'Reno', state: 'NV', zip: '89501', propertyType: 'Warehouse', managerEmail: 'b@example.com' }]);
  });
});

describe('duplicates', () => {
  it('are the same name and first address line in any case, spacing and punctuation', () => {
    expect(duplicateKey({ name: ' Harbor  View ', addressLine1: '12 Main St.' })).toBe(duplicateKey({ name: 'harbor view', addressLine1: '12 MAIN ST' }));
    expect(duplicateKey({ name: 'Harbor View', addressLine1: '12 Main St' })).not.toBe(duplicateKey({ name: 'Harbor View', addressLine1: '14 Main St' }));
  });

  it('are found against existing properties and earlier rows, never in invalid rows', () => {
    const existing = new Set([duplicateKey({ name: 'Harbor View', addressLine1: '12 Main St' })]);
    const rows = [
      { name: 'harbor view', addressLine1: '12 main st.' },
      { name: 'Depot', addressLine1: '5 Rail Way' },
      { name: 'DEPOT', addressLine1: '5 rail way' },
      { name: '', addressLine1: '' },
      { name: '', addressLine1: '' },
    ];
    expect(findDuplicateRows(rows, existing)).toEqual([0, 2]);
  });
});
