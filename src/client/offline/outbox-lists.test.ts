import { describe, expect, it } from 'vitest';
import { matchesFilter, summarize } from './outbox';
import type { OutboxChange } from './outbox-types';
import { fittedSize } from './resize-photo';

const change = (over: Partial<OutboxChange>): OutboxChange => ({
  id: 'c1',
  seq: 1,
  userId: 1,
  organizationId: 1,
  recordedAt: '2026-03-01T10:00:00.000Z',
  kind: 'tap',
  method: 'PUT',
  url: '/api/walkthroughs/1/results/2',
  label: 'Pass: EXT-0042',
  state: 'waiting',
  attempts: 0,
  ...over,
});

describe('which pending changes a screen sees', () => {
  it('shows only waiting changes unless other states are asked for', () => {
    expect(matchesFilter(change({}), undefined)).toBe(true);
    expect(matchesFilter(change({ state: 'conflict' }), {})).toBe(false);
    expect(matchesFilter(change({ state: 'conflict' }), { states: ['waiting', 'conflict'] })).toBe(true);
  });

  it('narrows by property, kind and the record changed', () => {
    const tap = change({ propertyId: 7, target: { type: 'walkthrough', id: 3 } });
    expect(matchesFilter(tap, { propertyId: 7 })).toBe(true);
    expect(matchesFilter(tap, { propertyId: 8 })).toBe(false);
    expect(matchesFilter(tap, { kind: ['tap', 'photo'] })).toBe(true);
    expect(matchesFilter(tap, { kind: 'completion' })).toBe(false);
    expect(matchesFilter(tap, { target: { type: 'walkthrough', id: 3 } })).toBe(true);
    expect(matchesFilter(tap, { target: { type: 'walkthrough' } })).toBe(true);
    expect(matchesFilter(tap, { target: { type: 'inspection', id: 3 } })).toBe(false);
    expect(matchesFilter(tap, (c) => c.label.startsWith('Pass'))).toBe(true);
  });
});

describe('the sync summary', () => {
  it('counts what waits apart from what needs the person', () => {
    const summary = summarize([change({}), change({ id: 'c2', state: 'conflict' }), change({ id: 'c3', state: 'not-applied' })], '2026-03-01T11:00:00.000Z');
    expect(summary).toMatchObject({ waiting: 1, needsAttention: 2, lastSyncAt: '2026-03-01T11:00:00.000Z' });
  });
});

describe('photo size', () => {
  it('brings the long side to 2,000 px, keeping the shape, and leaves a small photo as it is', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(fittedSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(fittedSize(1600, 1200)).toEqual({ width: 1600, height: 1200 });
  });
});
