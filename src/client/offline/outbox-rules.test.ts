import { describe, expect, it } from 'vitest';
import { dependencyState, meaningOf, resolveRefs, retryDelayMs, sendingOrder, KEY_REUSED_PREFIX } from './outbox-rules';

describe('references to earlier answers', () => {
  it('fills in the field of the earlier change’s answer', () => {
    const answers = new Map<string, unknown>([['tap-1', { id: 42, deficiencyId: 7 }]]);
    expect(resolveRefs('/api/deficiencies/{ref:tap-1:deficiencyId}/photos', answers)).toBe('/api/deficiencies/7/photos');
  });

  it('waits while the earlier answer is missing', () => {
    expect(resolveRefs('/api/deficiencies/{ref:tap-1:deficiencyId}/photos', new Map())).toBeUndefined();
    expect(resolveRefs('/api/deficiencies/{ref:tap-1:deficiencyId}/photos', new Map([['tap-1', { id: 1 }]]))).toBeUndefined();
  });

  it('leaves a url without references as it is', () => {
    expect(resolveRefs('/api/inspections/5', new Map())).toBe('/api/inspections/5');
  });
});

describe('order of sending', () => {
  it('sends in the order recorded, every photo after the other changes', () => {
    const order = sendingOrder([
      { seq: 1, kind: 'tap' as const },
      { seq: 2, kind: 'photo' as const },
      { seq: 3, kind: 'tap' as const },
      { seq: 4, kind: 'completion' as const },
    ]);
    expect(order.map((c) => c.seq)).toEqual([1, 3, 4, 2]);
  });

  it('holds a change while the one it needs still waits, and refuses it once that one was refused', () => {
    const photo = { url: '/api/deficiencies/{ref:tap-1:deficiencyId}/photos' };
    expect(dependencyState(photo, new Map([['tap-1', { state: 'waiting' as const, label: 'Fail: EXT-1' }]]))).toEqual({ go: false, refuse: false });
    expect(dependencyState(photo, new Map([['tap-1', { state: 'conflict' as const, label: 'Fail: EXT-1' }]]))).toEqual({ go: false, refuse: false });
    const refused = dependencyState(photo, new Map([['tap-1', { state: 'refused' as const, label: 'Fail: EXT-1' }]]));
    expect(refused).toMatchObject({ go: false, refuse: true });
    expect(refused.go === false && refused.refuse && refused.message).toContain('Fail: EXT-1');
    expect(dependencyState(photo, new Map())).toEqual({ go: true });
    expect(dependencyState({ url: '/api/walkthroughs/3/finish', dependsOn: ['tap-9'] }, new Map([['tap-9', { state: 'not-applied' as const, label: 'Pass' }]]))).toMatchObject({ refuse: true });
  });
});

describe('what each answer means', () => {
  it('takes any success as applied', () => {
    expect(meaningOf(200, {})).toEqual({ kind: 'accepted' });
    expect(meaningOf(201, { id: 1 })).toEqual({ kind: 'accepted' });
  });

  it('takes a key refused as already received as applied (its answer was lost)', () => {
    expect(meaningOf(409, { code: 'CONFLICT', message: `${KEY_REUSED_PREFIX} and may have been carried out.` })).toEqual({ kind: 'accepted' });
  });

  it('keeps a change edited elsewhere as a conflict with the server’s version', () => {
    const current = { id: 3, description: 'Theirs', updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(meaningOf(412, { code: 'changed_elsewhere', message: 'Someone else changed this', current })).toEqual({ kind: 'conflict', current, message: 'Someone else changed this' });
  });

  it('keeps a change recorded in another organisation than the session’s, to send once back in it', () => {
    expect(meaningOf(409, { code: 'wrong_organization', message: 'This change was recorded in another of your organisations.' })).toEqual({ kind: 'retry' });
  });

  it('reports a change to a deleted record', () => {
    expect(meaningOf(404, { message: 'Deficiency not found' })).toEqual({ kind: 'deleted' });
  });

  it('tries again later when offline, busy or signed out, and refuses bad input with the server’s message', () => {
    for (const status of [401, 429, 500, 502, 503]) expect(meaningOf(status, null)).toEqual({ kind: 'retry' });
    expect(meaningOf(400, { message: 'Description is required' })).toEqual({ kind: 'refused', message: 'Description is required' });
    expect(meaningOf(403, null)).toEqual({ kind: 'refused', message: 'The server refused this change (403).' });
  });

  it('waits on out_of_order while the earlier change is still on the device, and refuses it otherwise', () => {
    const body = { code: 'out_of_order', message: 'This change needs an earlier change' };
    expect(meaningOf(409, body, true)).toEqual({ kind: 'wait' });
    expect(meaningOf(409, body, false)).toEqual({ kind: 'refused', message: 'This change needs an earlier change' });
  });

  it('waits longer after each failure, never more than a minute', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 60000]);
  });
});
