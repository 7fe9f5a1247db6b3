import { OTHER_CHECK_KEY } from '@shared/device-checklists/checklist';
import { checklistFor } from '@shared/device-checklists/index';
import { DEVICE_STATUS_LABELS, WALKTHROUGH_RESULT_LABELS, type DeviceStatus } from '@shared/devices';
import { HISTORY_FIELD_LABELS, historyKindLabel } from '@shared/history';
import type { DeviceRequirementResponse, deviceHistoryEntryResponse } from '@shared/schemas/device';
import type { z } from 'zod';
import type { Account } from '../../account';
import { photoUrl } from '../deficiencies/deficiencies.queries';
import { getDevice, type DevicesDeps } from './devices.service';
import { historyOfDevice, requirementsOfDevice, type HistoryRow } from './device-records.queries';

type HistoryEntry = z.infer<typeof deviceHistoryEntryResponse>;

/** GET /api/devices/{id}/requirements: its own clocks (404 when out of reach). */
export async function deviceRequirements(deps: DevicesDeps, account: Account, id: number): Promise<DeviceRequirementResponse[]> {
  await getDevice(deps, account, id);
  return requirementsOfDevice(deps.db, id);
}

/** What a device change says: the status it took (with its reason), or the fields edited. */
function changeSummary(row: HistoryRow): string {
  const changes = row.changes ?? {};
  const label = historyKindLabel(row.event_kind ?? '');
  if (row.event_kind === 'device.status_changed') {
    const status = changes.status?.[1] as DeviceStatus | undefined;
    const reason = changes.status_reason?.[1];
    return `${status ? DEVICE_STATUS_LABELS[status] : label}${typeof reason === 'string' && reason ? `: ${reason}` : ''}`;
  }
  if (row.event_kind === 'device.updated') {
    const fields = Object.keys(changes).map((k) => HISTORY_FIELD_LABELS[k] ?? k.replace(/_/g, ' '));
    return fields.length > 0 ? `${label}: ${fields.join(', ')}` : label;
  }
  return label;
}

/**
 * A Fail's checks as its activity's checklist words them ("Access obstructed"), not their stored
 * keys; "Other" for the inspector's own words, which its deficiency gives. A key the checklist
 * no longer has is shown as stored.
 */
function failedCheckLabels(libraryKey: string | null, keys: readonly string[]): string[] {
  const labels = new Map(checklistFor(libraryKey).items.map((item) => [item.key, item.label]));
  return keys.map((key) => (key === OTHER_CHECK_KEY ? 'Other' : (labels.get(key) ?? key.replace(/_/g, ' '))));
}

function toEntry(row: HistoryRow): HistoryEntry {
  const base = {
    kind: row.kind,
    at: new Date(row.at).toISOString(),
    result: row.result,
    activity: row.activity,
    inspectionId: row.inspection_id,
    deficiencyId: row.deficiency_id,
    by: row.by,
    photos: (row.photo_ids ?? []).map((id) => ({ id, url: photoUrl(row.deficiency_id!, id) })),
  };
  if (row.kind === 'result') {
    const said = [failedCheckLabels(row.library_key, row.reasons ?? []).join('; '), row.detail].filter((s) => !!s).join(': ');
    return { ...base, summary: `${WALKTHROUGH_RESULT_LABELS[row.result!]}${said ? ` (${said})` : ''}` };
  }
  if (row.kind === 'deficiency') return { ...base, summary: row.detail ?? '' };
  return { ...base, summary: changeSummary(row) };
}

/** GET /api/devices/{id}/history: newest first, kept for the life of the record. */
export async function deviceHistory(deps: DevicesDeps, account: Account, id: number): Promise<HistoryEntry[]> {
  const device = await getDevice(deps, account, id);
  const rows = await historyOfDevice(deps.db, { id, propertyId: device.propertyId });
  return rows.map(toEntry);
}
