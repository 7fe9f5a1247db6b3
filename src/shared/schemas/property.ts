import { z } from 'zod';
import { checkAddress } from '../address';
import { CODE_SETS } from '../code-sets';
import { COMPLIANCE_ITEM_STATUSES, COUNTRIES, INSPECTION_TYPES, PROPERTY_SORTS, PROPERTY_STATUSES, PROPERTY_TYPES } from '../enums';
import { chosenPropertyIdsField, pagingSchema, searchTerm } from './list';
import { calendarDayField, countField, recordIdField, timestampField } from './response-fields';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** SPEC 5, "Property form": the fields, each on its own. */
export const propertyFieldsSchema = z.object({
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

/**
 * The state or province and the ZIP or postal code must be the country's; they are stored in
 * one spelling ("Massachusetts" becomes "MA", "m5v2t6" becomes "M5V 2T6").
 */
type AddressFields = { country?: unknown; state?: unknown; zip?: unknown };
export function addressByCountry<S extends z.ZodType<AddressFields>>(schema: S): S {
  return schema
    .superRefine((value, ctx) => {
      if ((value.country !== 'us' && value.country !== 'ca') || typeof value.state !== 'string' || typeof value.zip !== 'string') return;
      const checked = checkAddress(value.country, value.state, value.zip);
      if (checked.ok) return;
      for (const [field, message] of Object.entries(checked.fieldErrors)) ctx.addIssue({ code: 'custom', path: [field], message });
    })
    .overwrite((value) => {
      if ((value.country !== 'us' && value.country !== 'ca') || typeof value.state !== 'string' || typeof value.zip !== 'string') return value;
      const checked = checkAddress(value.country, value.state, value.zip);
      return checked.ok ? { ...value, state: checked.state, zip: checked.zip } : value;
    }) as S;
}

/** SPEC 5, "Property form". */
export const propertySchema = addressByCountry(propertyFieldsSchema);
export type PropertyInput = z.input<typeof propertySchema>;
export type PropertyValues = z.output<typeof propertySchema>;

/**
 * PUT takes any subset; `status` is accepted for compatibility and recomputed (DECISIONS).
 * The fields with defaults are re-declared without them: a field left out stays as it is.
 */
export const propertyUpdateSchema = propertyFieldsSchema.partial().extend({
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Choose a property type' }).optional(),
  country: z.enum(COUNTRIES, { error: 'Choose United States or Canada' }).optional(),
  status: z.enum(PROPERTY_STATUSES, { error: 'Unknown status' }).optional(),
});
export type PropertyUpdate = z.input<typeof propertyUpdateSchema>;

export const propertyListQuerySchema = pagingSchema.extend({
  q: searchTerm,
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Unknown property type' }).optional(),
  status: z.enum(PROPERTY_STATUSES, { error: 'Unknown status' }).optional(),
  sort: z.enum(PROPERTY_SORTS, { error: 'Unknown sort' }).default('created_desc'),
  /** A chosen set (an Insight figure's link); ids out of reach match nothing. */
  propertyIds: chosenPropertyIdsField,
});
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;

export const complianceItemResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  itemType: z.enum(INSPECTION_TYPES),
  status: z.enum(COMPLIANCE_ITEM_STATUSES).describe("Effective status: overdue and due soon derived from nextDueDate in the account's time zone"),
  nextDueDate: calendarDayField.nullable(),
  lastInspectionDate: calendarDayField.nullable(),
  lastDoneUnknownCount: countField.describe('Active requirements of this item said to be "Last done not known" when it was added, and so due at once (estimated dates are not counted)'),
  lastDoneStatedOn: calendarDayField
    .nullable()
    .describe('Never inspected in Firemark: the latest day given for when it was last done when it was added, with no result recorded'),
  awaitingRetest: z
    .boolean()
    .describe('Failed, every deficiency corrected, and a re-test scheduled that has not passed yet (an item the code asks to test again after a repair): it stays non-compliant until the re-test passes'),
  resultFailed: z.boolean().describe("Its requirements' last result is non-compliant; an item can be non-compliant for its devices alone"),
  devicesOutOfService: countField.describe('Its devices out of service: each makes the item non-compliant until it is back in service or replaced'),
  devicesWithOpenDeficiency: countField.describe('Its devices with a deficiency found on them that is not corrected'),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type ComplianceItem = z.infer<typeof complianceItemResponse>;

export const propertyResponse = z.object({
  id: recordIdField,
  userId: recordIdField,
  name: z.string(),
  propertyType: z.enum(PROPERTY_TYPES),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.enum(COUNTRIES),
  managerEmail: z.string(),
  codeSet: z
    .enum(CODE_SETS)
    .describe("The code set its requirements come from (issue 37): chosen from its country and state or province when it is created, changed with PUT /api/properties/{id}/code-set"),
  status: z.enum(PROPERTY_STATUSES).describe("Derived from the compliance items in the account's time zone (DECISIONS \"Compliance model\"): pending while any item was never inspected"),
  statusReason: z.string().describe('Why the property has its status, shown with it: e.g. "Sprinkler system never inspected"'),
  createdAt: timestampField,
  lastUpdated: timestampField.describe('The latest change to the property or any of its compliance items'),
  complianceItems: z.array(complianceItemResponse),
  openDeficiencies: countField.describe('Deficiencies not corrected yet'),
  criticalDeficiencies: countField.describe('Of the open deficiencies, the critical ones'),
});
export type Property = z.infer<typeof propertyResponse>;

export const dashboardStatsResponse = z.object({
  propertyCount: countField,
  compliantCount: countField,
  upcomingInspectionCount: countField.describe('Open inspections due in the next 30 days, and requirements due then with none ("Due, not scheduled")'),
  overdueInspectionCount: countField.describe('Open inspections past due, and requirements past due with none'),
  upcomingNotScheduledCount: countField.describe('Of upcomingInspectionCount, the requirements with no inspection scheduled'),
  overdueNotScheduledCount: countField.describe('Of overdueInspectionCount, the requirements with no inspection scheduled'),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponse>;
