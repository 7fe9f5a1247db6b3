import { describe, expect, it } from 'vitest';
import type { Inspection } from '@shared/schemas/inspection';
import type { OutboxChange } from '@/offline/outbox-types';
import { withPendingChanges } from './pending-inspections';

const inspection = {
  id: 5,
  propertyId: 7,
  status: 'scheduled',
  displayStatus: 'due_soon',
  dueDate: '2026-03-04',
  completedDate: null,
  complianceResult: null,
  completionNotes: null,
  notes: 'Check the panel',
  updatedAt: '2026-03-01T09:00:00.000Z',
} as unknown as Inspection;

const change = (over: Partial<OutboxChange>): OutboxChange => ({
  id: 'c1',
  seq: 1,
  userId: 1,
  organizationId: 1,
  recordedAt: '2026-03-02T10:00:00.000Z',
  kind: 'completion',
  method: 'PUT',
  url: '/api/inspections/5',
  label: 'Completed: Fire Alarm',
  state: 'waiting',
  attempts: 0,
  target: { type: 'inspection', id: 5 },
  ...over,
});

describe('an inspection with what the device has not yet synced', () => {
  it('is the server copy as it is when nothing waits for it', () => {
    expect(withPendingChanges(inspection, [change({ target: { type: 'inspection', id: 6 } })])).toBe(inspection);
  });

  it('reads completed, with its result and findings, while its completion waits', () => {
    const shown = withPendingChanges(inspection, [
      change({ body: { status: 'completed', completedDate: '2026-03-02', complianceStatus: 'non_compliant', notes: 'Ground fault' } }),
    ]);
    expect(shown).toMatchObject({ status: 'completed', displayStatus: 'completed', completedDate: '2026-03-02', complianceResult: 'non_compliant', completionNotes: 'Ground fault', waitingToSync: true });
    expect(shown.notes).toBe('Check the panel');
  });

  it('takes the new date of a reschedule and ignores fields an inspection does not have', () => {
    const shown = withPendingChanges(inspection, [change({ kind: 'inspection-edit', body: { dueDate: '2026-03-20', rescheduleReason: 'Tenant away' } })]);
    expect(shown.dueDate).toBe('2026-03-20');
    expect(shown).not.toHaveProperty('rescheduleReason');
    expect(shown.waitingToSync).toBe(true);
  });
});
