import { PROPERTY_TYPES, type PropertyType } from './enums';
import { phraseReader, wordsOf } from './word-phrases';

/**
 * The words people write in a spreadsheet's type column, and the property type each means
 * (issue 30, item 11: "Office", "School", "Hotel" all became Other). A word matches its plural
 * too ("Offices", "Warehouses"). Hotels, motels and dormitories are residential, as fire codes
 * class them (sleeping occupancies: NFPA 101 chapters 28 to 30, IBC ).
 */
const WORDS: Record<Exclude<PropertyType, 'other'>, readonly string[]> = {
  commercial: [
    'commercial', 'office', 'office building', 'office park', 'business', 'business park', 'bank', 'corporate',
    'headquarters', 'hq', 'mixed use', 'coworking', 'co working', 'restaurant', 'cafe', 'bar', 'gym', 'fitness',
    'cinema', 'theater', 'theatre', 'data center', 'data centre', 'parking garage', 'car park', 'professional',
  ],
  retail: [
    'retail', 'shop', 'store', 'storefront', 'shopping', 'shopping center', 'shopping centre', 'mall', 'strip mall',
    'plaza', 'supermarket', 'grocery', 'showroom', 'boutique', 'pharmacy', 'outlet',
  ],
  healthcare: [
    'healthcare', 'health', 'hospital', 'clinic', 'medical', 'medical office', 'nursing home', 'care home', 'nursing',
    'assisted living', 'long term care', 'rehab', 'rehabilitation', 'surgery', 'surgical', 'dental', 'dentist', 'hospice',
    'doctor', 'physician', 'urgent care', 'ambulatory', 'infirmary',
  ],
  education: [
    'education', 'educational', 'school', 'elementary', 'primary school', 'secondary school', 'high school',
    'middle school', 'college', 'university', 'campus', 'academy', 'kindergarten', 'daycare', 'day care',
    'childcare', 'child care', 'preschool', 'nursery school', 'training center', 'training centre',
  ],
  residential: [
    'residential', 'apartment', 'apt', 'condo', 'condominium', 'flat', 'housing', 'house', 'home', 'residence',
    'dwelling', 'duplex', 'triplex', 'townhouse', 'townhome', 'multifamily', 'multi family', 'single family',
    'dormitory', 'dorm', 'student housing', 'senior living', 'hotel', 'motel', 'inn', 'hostel', 'lodging',
    'lodge', 'resort', 'boarding house', 'bed and breakfast', 'bnb',
  ],
  industrial: [
    'industrial', 'warehouse', 'warehousing', 'factory', 'manufacturing', 'plant', 'distribution',
    'distribution center', 'distribution centre', 'logistics', 'storage', 'self storage', 'workshop', 'mill',
    'depot', 'fulfillment', 'fulfilment', 'processing', 'foundry', 'refinery', 'hangar',
  ],
};

const readWords = phraseReader(WORDS);

export interface PropertyTypeReading {
  type: PropertyType;
  /** 'type' (the type's own name), 'word' (read from another word) or 'unknown' (became other). */
  how: 'type' | 'word' | 'unknown';
}

/** What a cell of the type column means; a word nobody listed becomes other (SPEC). */
export function readPropertyType(value: string): PropertyTypeReading {
  const words = wordsOf(value);
  const compact = words.join('');
  // The type's own name, however written: "Health Care", "HEALTHCARE", "health_care".
  const own = PROPERTY_TYPES.find((t) => t.replace(/_/g, '') === compact);
  if (own) return { type: own, how: 'type' };
  const type = readWords(value);
  return type ? { type, how: 'word' } : { type: 'other', how: 'unknown' };
}
