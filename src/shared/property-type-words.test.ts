import { describe, expect, it } from 'vitest';
import { normalizePropertyType, validateCsvRows } from './csv-import';
import { readPropertyType } from './property-type-words';

// Issue 30, item 11: the types a property manager's spreadsheet holds, read as they are meant.
describe('reading the type column', () => {
  it.each([
    ['Office', 'commercial'],
    ['Offices', 'commercial'],
    ['Office Building', 'commercial'],
    ['Mixed-use', 'commercial'],
    ['School', 'education'],
    ['High School', 'education'],
    ['University', 'education'],
    ['Day care', 'education'],
    ['Apartment', 'residential'],
    ['Apartments', 'residential'],
    ['Condominium', 'residential'],
    ['Multi-family', 'residential'],
    ['Multifamily', 'residential'],
    ['Hotel', 'residential'],
    ['Motel', 'residential'],
    ['Dormitory', 'residential'],
    ['Hospital', 'healthcare'],
    ['Medical Clinic', 'healthcare'],
    ['Nursing Home', 'healthcare'],
    ['Assisted living', 'healthcare'],
    ['Warehouse', 'industrial'],
    ['WAREHOUSES', 'industrial'],
    ['Distribution Center', 'industrial'],
    ['Factory', 'industrial'],
    ['Shopping Centre', 'retail'],
    ['Store', 'retail'],
    ['Retail / Office', 'retail'],
    ['Health Care', 'healthcare'],
    ['health_care', 'healthcare'],
    ['COMMERCIAL', 'commercial'],
    ['Church', 'other'],
    ['', 'other'],
  ])('"%s" is %s', (written, type) => {
    expect(normalizePropertyType(written)).toBe(type);
  });

  it('says how each was read: its own name, another word, or not at all', () => {
    expect(readPropertyType('Commercial')).toEqual({ type: 'commercial', how: 'type' });
    expect(readPropertyType('Office')).toEqual({ type: 'commercial', how: 'word' });
    expect(readPropertyType('Lighthouse')).toEqual({ type: 'other', how: 'unknown' });
  });

  it('imports the six rows of the report as their types, not as Other', () => {
    const row = (propertyType: string) => ({
      name: `${propertyType} One`, addressLine1: '1 Main St', city: 'Boston', state: 'MA', zip: '02110', propertyType, managerEmail: 'm@example.com',
    });
    const { properties, errors } = validateCsvRows(['Office', 'School', 'Apartment', 'Hospital', 'Warehouse', 'Hotel'].map(row));
    expect(errors).toEqual([]);
    expect(properties.map((p) => p.propertyType)).toEqual(['commercial', 'education', 'residential', 'healthcare', 'industrial', 'residential']);
  });
});
