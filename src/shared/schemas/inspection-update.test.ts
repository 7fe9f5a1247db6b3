import { describe, expect, it } from 'vitest';
import { inspectionUpdateKind, inspectionUpdateSchema } from './inspection';

describe('the body of PUT /api/inspections/{id}', () => {
  it('is told apart by its fields as SPEC gives them', () => {
    expect(inspectionUpdateKind({ status: 'completed', complianceStatus: 'compliant' })).toBe('complete');
    expect(inspectionUpdateKind({ dueDate: '2026-12-01' })).toBe('reschedule');
    expect(inspectionUpdateKind({ dueDate: '2026-12-01', rescheduleReason: 'Tenant away' })).toBe('reschedule');
    expect(inspectionUpdateKind({ dueDate: '2026-12-01', assignedTo: 'Kim Lee' })).toBe('edit');
    expect(inspectionUpdateKind({ status: 'cancelled' })).toBe('edit');
    expect(inspectionUpdateKind(null)).toBe('edit');
  });

  it("is validated by its kind's schema, with that form's field messages at the field", () => {
    const parsed = inspectionUpdateSchema.parse({ dueDate: '2026-12-01', rescheduleReason: '  ' });
    expect(parsed).toEqual({ kind: 'reschedule', values: { dueDate: '2026-12-01', rescheduleReason: null } });
    const bad = inspectionUpdateSchema.safeParse({ dueDate: 'soon', rescheduleReason: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dueDate', expect.any(String)]]);
  });
});
