import { propertyStatusReason } from '@shared/compliance';
import type { ActivityBasis } from '@shared/activity-basis';
import type { Property } from '@shared/schemas/property';
import type { Requirement } from '@shared/schemas/requirement';
import { intervalLabel } from '@shared/intervals';
import { dueWindowPhrase } from '@shared/due-window';
import type { VerificationSnapshot } from '@shared/schemas/verification';
import type { ReportVerificationMarks } from './report-verification-pdf';
import type { ReportRecords } from './report-records';
import type { ReportDevices } from './report-devices';

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
  /** The requirement it counts for, and how that was known (issue 37). */
  activity?: string | null;
  activityBasis?: ActivityBasis;
  /** A re-test after a repair (retest-after-correction.ts), and when the failure it re-tests was performed. */
  isRetest?: boolean;
  retestOfCompletedDate?: Date | null;
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
  /** What departs from the sources, with reasons, who and when (reportSchedule). */
  schedule?: ReportSchedule;
  /** Inspectors, attestations and deficiencies with their corrections (report-records.ts). */
  records?: ReportRecords;
  /** The device inventory of the items that have devices (report-devices.ts); absent when the property has none. */
  devices?: ReportDevices;
}

/** An active requirement as the report prints it, with the standard it comes from. */
export interface ReportRequirement {
  itemType: string;
  activity: string;
  interval: string;
  source: string | null;
  nextDueDate: string;
  /** Where the code gives a window: "Apr 2026 (window Mar 15 to May 15, 2026)", printed for the date (docs/decisions/037-due-windows.md). */
  dueWindow?: string | null;
  /** Kept at a longer interval than its source asks (issue 37). */
  belowCodeMinimum: boolean;
}

/** The property's active requirements, by item then soonest due. */
export function reportRequirements(requirements: Requirement[]): ReportRequirement[] {
  return requirements
    .filter((r) => r.active)
    .sort((a, b) => a.itemType.localeCompare(b.itemType) || a.nextDueDate.localeCompare(b.nextDueDate))
    .map((r) => ({
      itemType: r.itemType,
      activity: r.activity,
      interval: intervalLabel(r),
      source: r.source,
      nextDueDate: r.nextDueDate,
      dueWindow: dueWindowPhrase(r),
      belowCodeMinimum: r.belowCodeMinimum,
    }));
}

/** At most this many schedule changes are listed, newest first; the report says how many more there were. */
export const REPORT_SCHEDULE_CHANGE_LIMIT = 200;

/** The changes an insurer needs explained: why a check is not done, or done at another interval. */
export const REPORTED_CHANGE_KINDS = ['switched_off', 'switched_on', 'interval_changed', 'custom_added'] as const;

/** A requirement switched off, with the change that switched it off. */
export interface ReportSwitchedOff {
  itemType: string;
  activity: string;
  source: string | null;
  reason: string | null;
  changedBy: string | null;
  changedAt: string | null;
}

/** One change of a requirement, as the report prints it. */
export interface ReportScheduleChange {
  itemType: string;
  activity: string;
  kind: (typeof REPORTED_CHANGE_KINDS)[number];
  detail: string;
  reason: string | null;
  changedBy: string;
  changedAt: string;
}

/** A requirement below the code minimum (issue 37): what its source asks, what is kept, and why. */
export interface ReportBelowMinimum {
  itemType: string;
  activity: string;
  source: string | null;
  codeAsks: string;
  kept: string;
  reason: string | null;
}

export interface ReportSchedule {
  belowMinimum: ReportBelowMinimum[];
  switchedOff: ReportSwitchedOff[];
  changes: ReportScheduleChange[];
  changesLeftOut: number;
}

/**
 * Where the property's schedule departs from its sources (DECISIONS "Requirements and
 * recurrence": switching off or changing an interval always keeps a reason beside the source):
 * the requirements switched off now, each with the change that did it, and every switch,
 * interval change and custom requirement with its reason, who and when, newest first.
 */
export function reportSchedule(requirements: Requirement[]): ReportSchedule {
  const reported = new Set<string>(REPORTED_CHANGE_KINDS);
  const belowMinimum = requirements
    .filter((r) => r.belowCodeMinimum)
    .sort((a, b) => a.itemType.localeCompare(b.itemType) || a.activity.localeCompare(b.activity))
    .map((r) => ({
      itemType: r.itemType,
      activity: r.activity,
      source: r.source,
      codeAsks: r.codeInterval ? intervalLabel(r.codeInterval) : 'Not known',
      kept: r.active ? intervalLabel(r) : 'Switched off',
      reason: r.belowCodeMinimumReason,
    }));
  const switchedOff = requirements
    .filter((r) => !r.active)
    .sort((a, b) => a.itemType.localeCompare(b.itemType) || a.activity.localeCompare(b.activity))
    .map((r) => {
      // Changes come newest first: the latest switch off is the one in force. One the answers
      // about the item ruled out (issue 37) gives the answer as its reason.
      // One a change of code set left behind gives that change as its reason.
      const off = r.changes.find((c) => (r.applies ? c.kind === 'switched_off' : c.kind === 'not_applicable' || c.kind === 'code_set_changed'));
      return {
        itemType: r.itemType,
        activity: r.activity,
        source: r.source,
        reason: (off?.kind === 'not_applicable' || off?.kind === 'code_set_changed' ? off.detail : off?.reason) ?? null,
        changedBy: off?.changedBy ?? null,
        changedAt: off?.createdAt ?? null,
      };
    });
  const changes = requirements
    .flatMap((r) =>
      r.changes
        .filter((c) => reported.has(c.kind))
        .map((c) => ({
          itemType: r.itemType,
          activity: r.activity,
          kind: c.kind as ReportScheduleChange['kind'],
          detail: c.detail,
          reason: c.reason,
          changedBy: c.changedBy,
          changedAt: c.createdAt,
        })),
    )
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  return {
    belowMinimum,
    switchedOff,
    changes: changes.slice(0, REPORT_SCHEDULE_CHANGE_LIMIT),
    changesLeftOut: Math.max(0, changes.length - REPORT_SCHEDULE_CHANGE_LIMIT),
  };
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
  /** Devices on the walls by item type; an item without any keeps the snapshot as it was. */
  deviceCounts: Map<string, number> = new Map(),
): VerificationSnapshot {
  return {
    reportNumber,
    generatedAt: generatedAt.toISOString(),
    property: { name: property.name, city: property.city },
    overallStatus,
    statusReason: propertyStatusReason(overallStatus, property.complianceItems),
    items: property.complianceItems.map((item) => {
      const devices = deviceCounts.get(item.itemType);
      return { label: itemLabel(item.itemType), status: item.status, ...(devices ? { devices } : {}) };
    }),
  };
}
