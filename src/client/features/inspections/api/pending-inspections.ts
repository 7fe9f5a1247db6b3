import { useMemo } from 'react';
import type { Inspection } from '@shared/schemas/inspection';
import { usePendingChanges, type PendingFilter } from '@/offline/outbox';
import type { OutboxChange } from '@/offline/outbox-types';

/** An inspection as the device shows it: the server's copy with the changes recorded here and not yet synced. */
export type ShownInspection = Inspection & { waitingToSync?: boolean };

const FILTER: PendingFilter = { kind: ['completion', 'inspection-edit'], target: { type: 'inspection' } };

interface CompletionBody {
  status?: 'completed';
  completedDate?: string;
  complianceStatus?: Inspection['complianceResult'];
  notes?: string | null;
}

/**
 * Lays the waiting changes of one inspection over its last copy from the server, in the order
 * recorded: a completion shows it completed (with its result and findings), an edit its new
 * date or notes. What is laid over is marked `waitingToSync`.
 */
export function withPendingChanges(inspection: Inspection, changes: readonly OutboxChange[]): ShownInspection {
  const own = changes.filter((c) => c.target?.type === 'inspection' && c.target.id === inspection.id);
  if (!own.length) return inspection;
  let shown: ShownInspection = { ...inspection, waitingToSync: true };
  for (const change of own) {
    const body = (change.body ?? {}) as Record<string, unknown>;
    if (change.kind === 'completion') {
      const completion = body as CompletionBody;
      shown = {
        ...shown,
        status: 'completed',
        displayStatus: 'completed',
        completedDate: completion.completedDate?.slice(0, 10) ?? shown.completedDate,
        complianceResult: completion.complianceStatus ?? shown.complianceResult,
        completionNotes: completion.complianceStatus ? (completion.notes ?? null) : shown.completionNotes,
      };
    } else {
      const fields = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key in inspection));
      shown = { ...shown, ...(fields as Partial<Inspection>) };
    }
  }
  return shown;
}

/** The inspection with what this device recorded for it and has not yet synced. */
export function useWithPending(inspection: Inspection): ShownInspection {
  const pending = usePendingChanges(FILTER);
  return useMemo(() => withPendingChanges(inspection, pending), [inspection, pending]);
}

export function useListWithPending(items: Inspection[]): ShownInspection[] {
  const pending = usePendingChanges(FILTER);
  return useMemo(() => (pending.length ? items.map((item) => withPendingChanges(item, pending)) : items), [items, pending]);
}
