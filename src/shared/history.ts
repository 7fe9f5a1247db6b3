/**
 * The history of every change (docs/history.md): the kinds of event the database records
 * (history_capture() in the migrations), their groups for the filters, the names of the fields a
 * change lists, and how a value is written for a reader. The server's CSV and the client's
 * screens both word events with these.
 */
import { DEVICE_STATUS_LABELS } from './devices';
import { INSPECTION_TYPE_LABELS, type InspectionType } from './enums';
import { answersText, type ItemAnswers } from './item-conditions';
import { ROLE_LABELS, type Role } from './permissions';
import { DEFICIENCY_SEVERITY_LABELS, type DeficiencySeverity } from './records';

export const HISTORY_KIND_LABELS = {
  'property.created': 'Property added',
  'property.updated': 'Property edited',
  'property.deleted': 'Property deleted',
  'requirement.added': 'Requirement added',
  'requirement.updated': 'Requirement changed',
  'requirement.switched_off': 'Requirement switched off',
  'requirement.switched_on': 'Requirement switched on',
  'requirement.removed': 'Requirement removed',
  'requirement.answers_changed': 'Answers about a safety item changed',
  'device.added': 'Device added',
  'device.updated': 'Device edited',
  'device.status_changed': 'Device status changed',
  'device.deleted': 'Device deleted',
  'inspection.scheduled': 'Inspection scheduled',
  'inspection.recorded': 'Past inspection recorded',
  'inspection.completed': 'Inspection completed',
  'inspection.rescheduled': 'Inspection rescheduled',
  'inspection.cancelled': 'Inspection cancelled',
  'inspection.reopened': 'Inspection reopened',
  'inspection.updated': 'Inspection edited',
  'inspection.deleted': 'Inspection deleted',
  'deficiency.recorded': 'Deficiency recorded',
  'deficiency.corrected': 'Deficiency corrected',
  'deficiency.reopened': 'Deficiency reopened',
  'deficiency.updated': 'Deficiency edited',
  'deficiency.deleted': 'Deficiency deleted',
  'photo.added': 'Photo added',
  'photo.removed': 'Photo removed',
  'photo.quarantined': 'Photo set aside (could not be read)',
  'photo.updated': 'Photo changed',
  'report.created': 'Report created',
  'report.verification_revoked': 'Report verification link revoked',
  'report.updated': 'Report changed',
  'report.deleted': 'Report deleted',
  'member.added': 'Member added',
  'member.role_changed': 'Member’s role changed',
  'member.updated': 'Member changed',
  'member.removed': 'Member removed',
  'member.property_given': 'Property given to member',
  'member.property_taken': 'Property taken from member',
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation sent again',
  'invitation.accepted': 'Invitation accepted',
  'invitation.revoked': 'Invitation revoked',
  'invitation.updated': 'Invitation changed',
  'invitation.deleted': 'Invitation deleted',
  'share_link.created': 'Share link created',
  'share_link.revoked': 'Share link revoked',
  'share_link.updated': 'Share link changed',
  'share_link.deleted': 'Share link deleted',
  'organization.created': 'Organisation created',
  'organization.updated': 'Organisation settings changed',
  'plan.changed': 'Plan changed',
  'undo.complete_inspection': 'Completion undone',
  'undo.reschedule_inspection': 'Reschedule undone',
  'undo.edit_inspection': 'Inspection edit undone',
  'undo.delete_inspection': 'Inspection deletion undone',
  'undo.delete_property': 'Property deletion undone',
  'offline.unapplied': 'Recorded offline but not applied',
} as const;
export type HistoryKind = keyof typeof HISTORY_KIND_LABELS;
export const HISTORY_KINDS = Object.keys(HISTORY_KIND_LABELS) as HistoryKind[];

/** The kind filter offers these groups; `kind=inspection` matches every 'inspection.*' event. */
export const HISTORY_GROUP_LABELS = {
  property: 'Properties',
  requirement: 'Requirements',
  device: 'Devices',
  inspection: 'Inspections',
  deficiency: 'Deficiencies',
  photo: 'Photos',
  report: 'Reports',
  member: 'Members',
  invitation: 'Invitations',
  share_link: 'Share links',
  organization: 'Organisation settings',
  plan: 'Plan',
  undo: 'Undo',
  offline: 'Recorded offline',
} as const;
export type HistoryGroup = keyof typeof HISTORY_GROUP_LABELS;
export const HISTORY_GROUPS = Object.keys(HISTORY_GROUP_LABELS) as HistoryGroup[];

export const ACTOR_KINDS = ['member', 'token', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export function historyKindLabel(kind: string): string {
  return (HISTORY_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** The names of the fields a change lists, by their column. */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  property_type: 'Type',
  address_line1: 'Address',
  address_line2: 'Address line 2',
  city: 'City',
  state: 'State or province',
  zip: 'ZIP or postal code',
  country: 'Country',
  manager_email: 'Manager e-mail',
  item_type: 'Safety item',
  activity: 'Activity',
  interval_months: 'Every (months)',
  interval_days: 'Every (days)',
  source: 'Source',
  note: 'Note',
  principal: 'Principal requirement',
  active: 'Active',
  answers: 'Answers',
  auto_schedule: 'Schedule the next one automatically',
  inspection_type: 'Safety item',
  tag: 'Tag',
  subtype: 'Kind',
  rating: 'Size or rating',
  building: 'Building',
  floor: 'Floor',
  room: 'Room',
  location_description: 'Where',
  serial_number: 'Serial number',
  manufacturer: 'Manufacturer',
  model: 'Model',
  manufactured_on: 'Manufactured',
  installed_on: 'Installed',
  status_reason: 'Reason',
  due_date: 'Due date',
  completed_date: 'Completed',
  status: 'Status',
  compliance_result: 'Result',
  notes: 'Notes',
  completion_notes: 'Findings',
  assigned_to: 'Assigned to',
  reschedule_reason: 'Reason for rescheduling',
  inspector_licence_number: 'Inspector licence',
  inspector_licence_expires_on: 'Licence expires',
  attestation_statement: 'Attestation',
  attestation_role: 'Signed as',
  attestation_name: 'Signed by',
  attested_at: 'Signed at',
  description: 'Description',
  severity: 'Severity',
  location: 'Location',
  corrective_action: 'Corrective action',
  due_by: 'Correct by',
  corrected_on: 'Corrected on',
  corrected_by: 'Corrected by',
  correction_note: 'Correction note',
  byte_size: 'Size (bytes)',
  quarantined_at: 'Set aside at',
  quarantine_reason: 'Why set aside',
  report_type: 'Report type',
  file_name: 'File',
  report_number: 'Report number',
  verify_revoked_at: 'Verification link revoked',
  role: 'Role',
  all_properties: 'All properties',
  email: 'E-mail',
  property_ids: 'Properties',
  expires_at: 'Expires',
  accepted_at: 'Accepted',
  revoked_at: 'Revoked',
  last_sent_at: 'Last sent',
  recipient: 'Recipient',
  include_deficiencies: 'Shows open deficiencies',
  time_zone: 'Time zone',
  plan: 'Plan',
  pro_until: 'Pro until',
  plan_source: 'Plan granted by',
  trial_started_at: 'Trial started',
  first_paid_at: 'First paid',
  // What a change recorded offline held (its body's fields, as offline.unapplied lists them).
  recorded_at: 'Recorded on the device at',
  compliance_status: 'Result',
  result: 'Result',
  deficiencies: 'Deficiencies',
  attestation: 'Attestation',
};

export function historyFieldLabel(field: string): string {
  if (HISTORY_FIELD_LABELS[field]) return HISTORY_FIELD_LABELS[field];
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const STATUS_LABELS: Record<string, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  // A device's (issue 32).
  ...DEVICE_STATUS_LABELS,
};
const PLAN_LABELS: Record<string, string> = { free: 'Free', pro: 'Pro' };
const RESULT_LABELS: Record<string, string> = { compliant: 'Compliant', non_compliant: 'Non-compliant' };
const ATTESTATION_ROLE_LABELS: Record<string, string> = { performer: 'Performer', recorder: 'Recorder' };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function recordedItemText(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const description = (item as { description?: unknown }).description;
  return typeof description === 'string' ? description : JSON.stringify(item);
}

/** A value as a reader sees it: labels for codes, "Yes"/"No", "(none)" for nothing. */
export function historyValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'answers' && typeof value === 'object') return answersText(value as ItemAnswers);
  // A change recorded offline lists what it held: its deficiencies by their description.
  if (Array.isArray(value) && field !== 'property_ids') return value.length === 0 ? '(none)' : value.map(recordedItemText).join('; ');
  if (field === 'attestation' && typeof value === 'object' && typeof (value as { typedName?: unknown }).typedName === 'string') {
    return `Signed by ${(value as { typedName: string }).typedName}`;
  }
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : `${value.length} ${value.length === 1 ? 'property' : 'properties'}`;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  switch (field) {
    case 'item_type':
    case 'inspection_type':
      return INSPECTION_TYPE_LABELS[text as InspectionType] ?? text;
    case 'severity':
      return DEFICIENCY_SEVERITY_LABELS[text as DeficiencySeverity] ?? text;
    case 'status':
      return STATUS_LABELS[text] ?? text;
    case 'compliance_result':
    case 'compliance_status':
      return RESULT_LABELS[text] ?? text;
    case 'attestation_role':
      return ATTESTATION_ROLE_LABELS[text] ?? text;
    case 'role':
      return ROLE_LABELS[text as Role] ?? text;
    case 'plan':
      return PLAN_LABELS[text] ?? text;
    case 'country':
      return text.toUpperCase();
  }
  // Timestamps as stored (UTC) read as "2026-03-01 14:05 UTC".
  if (TIMESTAMP.test(text)) return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
  return text;
}

/** `{ field: [before, after] }`, as the API sends a change. */
export type HistoryChanges = Record<string, [unknown, unknown]>;

const FIELD_ORDER = new Map(Object.keys(HISTORY_FIELD_LABELS).map((field, index) => [field, index]));

/** The changed fields in the order a form shows them (name before address), not the database's. */
export function historyChangeEntries(changes: HistoryChanges): [string, [unknown, unknown]][] {
  const rank = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;
  return Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** "Due date: 2026-03-01 → 2026-04-01; Status: Scheduled → Completed", for the CSV and screen readers. */
export function historyChangesText(changes: HistoryChanges): string {
  return historyChangeEntries(changes)
    .map(([field, [before, after]]) => `${historyFieldLabel(field)}: ${historyValueText(field, before)} → ${historyValueText(field, after)}`)
    .join('; ');
}

/** What the event was about, in a few words: "Sprinkler System inspection due 2026-03-01". */
export function historySubjectText(entity: string, subject: Record<string, unknown>): string {
  const s = (key: string) => (subject[key] === null || subject[key] === undefined ? '' : String(subject[key]));
  const type = () => historyValueText('item_type', subject.item_type ?? subject.inspection_type);
  switch (entity) {
    case 'properties':
    case 'organizations':
      return s('name');
    case 'requirements':
      return `${type()}: ${s('activity')}`;
    case 'inspections':
      return s('due_date') ? `${type()} inspection due ${s('due_date')}` : `${type()} inspection`;
    case 'deficiencies':
    case 'deficiency_photos':
      return `${type()}: ${s('description')}`;
    case 'reports':
      return s('report_number') ? `${s('report_number')} (${s('file_name')})` : s('file_name');
    case 'memberships':
      return s('name') ? `${s('name')} (${historyValueText('role', subject.role)})` : historyValueText('role', subject.role);
    case 'invitations':
      return `${s('email')} as ${historyValueText('role', subject.role)}`;
    case 'share_links':
      return s('recipient');
    case 'devices':
      return s('tag') ? `${type()} ${s('tag')}` : type();
    case 'unapplied_changes':
      // "Recorded offline but not applied: Pass: EXT-0042 (it had been deleted)"
      return s('reason') === 'deleted' ? `${s('label')} (it had been deleted)` : s('label');
    default:
      return '';
  }
}

/** Who did it, as a reader sees it. */
export function historyActorText(event: { actorKind: ActorKind; actorName: string | null }): string {
  if (event.actorKind === 'system') return 'Firemark (automatic)';
  return event.actorName ?? 'A former member';
}

/**
 * A CSV cell that a spreadsheet will not run: one starting with = + - @ (or a tab or return)
 * is prefixed with an apostrophe (OWASP, "CSV Injection"), then quoted as RFC 4180 says.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}
