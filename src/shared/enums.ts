/** Enumerations of SPEC section 3 with their display labels. */

export const PROPERTY_TYPES = [
  'commercial',
  'retail',
  'healthcare',
  'education',
  'residential',
  'industrial',
  'other',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const INSPECTION_TYPES = [
  'fire_extinguisher',
  'sprinkler_system',
  'emergency_lighting',
  'emergency_exits',
  'smoke_detectors',
  'fire_alarm',
  // Issue 37 §2: the systems real buildings have, after SPEC's seven (which keep their names).
  'fire_doors',
  'backflow_preventers',
  'kitchen_hood_suppression',
  'standpipes',
  'emergency_generator',
  'fire_smoke_dampers',
  'smoke_co_alarms',
  'fire_pump',
  'special_hazard_suppression',
  'private_hydrants_mains',
  'water_storage_tanks',
  'smoke_control',
  'other',
] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = {
  fire_extinguisher: 'Fire Extinguishers',
  sprinkler_system: 'Sprinkler System',
  emergency_lighting: 'Emergency Lighting',
  emergency_exits: 'Emergency Exits',
  smoke_detectors: 'Smoke Detectors',
  fire_alarm: 'Fire Alarm',
  fire_doors: 'Fire Doors',
  backflow_preventers: 'Backflow Preventers',
  kitchen_hood_suppression: 'Kitchen Hood Suppression',
  standpipes: 'Standpipes',
  emergency_generator: 'Emergency Generator',
  fire_smoke_dampers: 'Fire and Smoke Dampers',
  smoke_co_alarms: 'Smoke and CO Alarms (dwelling units)',
  fire_pump: 'Fire Pump',
  special_hazard_suppression: 'Special-Hazard Suppression',
  private_hydrants_mains: 'Private Hydrants and Mains',
  water_storage_tanks: 'Fire Water Storage Tanks',
  smoke_control: 'Smoke Control System',
  other: 'Other',
};

/** SPEC's seven types (section 3); the rest came with the requirement library (issue 37). */
export const SPEC_INSPECTION_TYPES = [
  'fire_extinguisher',
  'sprinkler_system',
  'emergency_lighting',
  'emergency_exits',
  'smoke_detectors',
  'fire_alarm',
  'other',
] as const satisfies readonly InspectionType[];

/** Stored inspection statuses (DECISIONS: overdue and due_soon are derived, never stored). */
export const INSPECTION_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const COMPLIANCE_RESULTS = ['compliant', 'non_compliant'] as const;
export type ComplianceResult = (typeof COMPLIANCE_RESULTS)[number];

export const COMPLIANCE_ITEM_STATUSES = [
  'compliant',
  'non_compliant',
  'due_soon',
  'overdue',
  'never_inspected',
] as const;
export type ComplianceItemStatus = (typeof COMPLIANCE_ITEM_STATUSES)[number];

export const PROPERTY_STATUSES = ['pending', 'compliant', 'due_soon', 'non_compliant'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** The orders a property list can take (GET /api/properties?sort=...). */
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

/** SPEC 2, "Reports": date newest, date oldest, property name, report type. */
export const REPORT_SORTS = ['newest', 'oldest', 'property', 'type'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_SORT_LABELS: Record<ReportSort, string> = {
  newest: 'Date (newest)',
  oldest: 'Date (oldest)',
  property: 'Property name',
  type: 'Report type',
};

export const REMINDER_FREQUENCIES = ['daily', 'weekly', 'custom'] as const;
export const SUPPORT_REQUEST_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const SUPPORT_REQUEST_TYPES = [
  'general',
  'technical',
  'billing',
  'feature_request',
  'bug_report',
] as const;
export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const CSV_IMPORT_STATUSES = ['pending', 'processing', 'completed', 'partial', 'failed'] as const;

export const COUNTRIES = ['us', 'ca'] as const;
export type Country = (typeof COUNTRIES)[number];
export const COUNTRY_LABELS: Record<Country, string> = { us: 'United States', ca: 'Canada' };

/** Why a completion did not schedule the next inspection, in the words of the toast. */
export const NOT_SCHEDULED_REASONS = {
  auto_schedule_off: 'Automatic scheduling is off for this requirement.',
  switched_off: 'This requirement is switched off.',
  plan_limit: 'The Free plan allows one open inspection at a time. Upgrade to Firemark Pro to schedule it.',
  already_scheduled: 'An inspection for it is already scheduled.',
  later_result: 'A later inspection already sets its next due date.',
} as const;
export type NotScheduledReason = keyof typeof NOT_SCHEDULED_REASONS;

/** 'fire_safety' -> 'Fire Safety': SPEC's rule for status and type names without a label of their own. */
export function humanize(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
