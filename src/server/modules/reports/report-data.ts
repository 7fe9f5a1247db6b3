import type { Property } from '@shared/schemas/property';
import type { Requirement } from '@shared/schemas/requirement';
import { intervalLabel } from '@shared/intervals';
import type { VerificationSnapshot } from '@shared/schemas/verification';
import type { ReportVerificationMarks } from './report-verification-pdf';
import type { ReportRecords } from './report-records';

/** At most this many inspections are listed; a property with more says how many were left out. */
export const REPORT_INSPECTION_LIMIT = 500;

export interface ReportInspection {
  dueDate: string;
  inspectionType: string;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  complianceResult: string | null;
  completedDate: Date | null;
  assignedTo: string;
  /** Instructions, typed when it was scheduled. */
  notes: string | null;
  /** Findings, typed when it was completed. */
  completionNotes: string | null;
}

export interface FireSafetyReportData {
  generatedAt: Date;
  timeZone: string;
  today: string;
  account: { name: string; email: string };
  property: Property;
  /** Items that need action: non-compliant (with the notes that found it) or overdue. */
  deficiencies: { itemType: string; status: 'non_compliant' | 'overdue'; lastInspectionDate: string | null; nextDueDate: string | null; notes: string | null }[];
  inspections: ReportInspection[];
  inspectionsLeftOut: number;
  verification: ReportVerificationMarks;
  requirements: ReportRequirement[];
  /** Inspectors, attestations and deficiencies with their corrections (report-records.ts). */
  records?: ReportRecords;
}

/** An active requirement as the report prints it, with the standard it comes from. */
export interface ReportRequirement {
  itemType: string;
  activity: string;
  interval: string;
  source: string | null;
  nextDueDate: string;
}

/** The property's active requirements, by item then soonest due. */
export function reportRequirements(requirements: Requirement[]): ReportRequirement[] {
  return requirements
    .filter((r) => r.active)
    .sort((a, b) => a.itemType.localeCompare(b.itemType) || a.nextDueDate.localeCompare(b.nextDueDate))
    .map((r) => ({ itemType: r.itemType, activity: r.activity, interval: intervalLabel(r), source: r.source, nextDueDate: r.nextDueDate }));
}

/**
 * What the public verification page will show of this report: only the number, the time,
 * the property's name and city, and the statuses; never e-mail, notes or the address line.
 */
export function verificationSnapshot(
  reportNumber: string,
  generatedAt: Date,
  property: Property,
  overallStatus: VerificationSnapshot['overallStatus'],
  itemLabel: (itemType: string) => string,
): VerificationSnapshot {
  return {
    reportNumber,
    generatedAt: generatedAt.toISOString(),
    property: { name: property.name, city: property.city },
    overallStatus,
    items: property.complianceItems.map((item) => ({ label: itemLabel(item.itemType), status: item.status })),
  };
}
