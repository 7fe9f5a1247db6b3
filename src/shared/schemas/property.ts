import { z } from 'zod';
import { COUNTRIES, PROPERTY_STATUSES, PROPERTY_TYPES, type ComplianceItemStatus, type Country, type InspectionType, type PropertyStatus, type PropertyType } from '../enums';
import { pagingSchema, searchTerm } from './list';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** SPEC 5, "Property form". */
export const propertySchema = z.object({
  name: required('Property name is required'),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Choose a property type' }).default('commercial'),
  addressLine1: required('Address is required'),
  addressLine2: z
    .string()
    .trim()
    .max(200, 'Must be at most 200 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  city: required('City is required', 100),
  state: required('State is required', 100),
  zip: required('ZIP code is required', 20),
  country: z.enum(COUNTRIES, { error: 'Choose United States or Canada' }).default('us'),
  managerEmail: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
});
export type PropertyInput = z.input<typeof propertySchema>;
export type PropertyValues = z.output<typeof propertySchema>;

/**
 * PUT takes any subset; `status` is accepted for compatibility and recomputed (DECISIONS).
 * The fields with defaults are re-declared without them: a field left out stays as it is.
 */
export const propertyUpdateSchema = propertySchema.partial().extend({
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Choose a property type' }).optional(),
  country: z.enum(COUNTRIES, { error: 'Choose United States or Canada' }).optional(),
  status: z.enum(PROPERTY_STATUSES, { error: 'Unknown status' }).optional(),
});
export type PropertyUpdate = z.input<typeof propertyUpdateSchema>;

export const PROPERTY_SORTS = ['name_asc', 'name_desc', 'created_asc', 'created_desc', 'compliance', 'attention'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];
export const PROPERTY_SORT_LABELS: Record<PropertySort, string> = {
  name_asc: 'Name A-Z',
  name_desc: 'Name Z-A',
  created_asc: 'Date added (oldest)',
  created_desc: 'Date added (newest)',
  compliance: 'Compliance status',
  attention: 'Needs attention',
};

export const propertyListQuerySchema = pagingSchema.extend({
  q: searchTerm,
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Unknown property type' }).optional(),
  status: z.enum(PROPERTY_STATUSES, { error: 'Unknown status' }).optional(),
  sort: z.enum(PROPERTY_SORTS, { error: 'Unknown sort' }).default('created_desc'),
});
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;

export interface ComplianceItem {
  id: number;
  propertyId: number;
  itemType: InspectionType;
  /** Effective status: overdue and due soon derived from nextDueDate in the account's time zone. */
  status: ComplianceItemStatus;
  nextDueDate: string | null;
  lastInspectionDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Property {
  id: number;
  userId: number;
  name: string;
  propertyType: PropertyType;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  country: Country;
  managerEmail: string;
  status: PropertyStatus;
  createdAt: string;
  /** The latest change to the property or any of its compliance items. */
  lastUpdated: string;
  complianceItems: ComplianceItem[];
  /** Deficiencies not corrected yet, and how many of them are critical. */
  openDeficiencies: number;
  criticalDeficiencies: number;
}

export interface DashboardStats {
  propertyCount: number;
  compliantCount: number;
  /** Open inspections due in the next 30 days, and requirements due then with none ("Due, not scheduled"). */
  upcomingInspectionCount: number;
  /** Open inspections past due, and requirements past due with none. */
  overdueInspectionCount: number;
  /** Of the counts above, the requirements with no inspection scheduled (extensions of SPEC's shape). */
  upcomingNotScheduledCount: number;
  overdueNotScheduledCount: number;
}
