import { describe, expect, it } from 'vitest';
import { inOrganization, markHolds } from './offline-properties';
import { keptOnDevice, propertyIdIn, type PropertyOfRecord } from './persist-rules';
import { requestStoragePersistence, storagePersistence, STORAGE_REFUSED_MESSAGE } from './storage-persistence';

describe('which marks still hold', () => {
  it('keeps a property marked by hand for good', () => {
    expect(markHolds({}, '2026-11-27')).toBe(true);
  });

  it('keeps a walk-through’s property for its day only', () => {
    expect(markHolds({ walkDay: '2026-11-27' }, '2026-11-27')).toBe(true);
    expect(markHolds({ walkDay: '2026-11-26' }, '2026-11-27')).toBe(false);
  });

  it('lists a mark in the organisation it was made in only, and one kept before organisations were noted in each', () => {
    expect(inOrganization({ organizationId: 4 }, 4)).toBe(true);
    expect(inOrganization({ organizationId: 4 }, 9)).toBe(false);
    expect(inOrganization({}, 9)).toBe(true);
    // No organisation (a kept session from before they were sent): nothing is hidden.
    expect(inOrganization({ organizationId: 4 }, undefined)).toBe(true);
  });
});

describe('what is kept on the device', () => {
  const offline = new Set([7]);
  const records = new Map<string, number>([
    ['/api/inspections:31', 7],
    ['/api/inspections:32', 8],
    ['/api/walkthroughs:4', 7],
  ]);
  const propertyOf: PropertyOfRecord = (root, id) => records.get(`${root}:${id}`);
  const kept = (key: unknown[], ids: ReadonlySet<number> = offline) => keptOnDevice(key, ids, propertyOf);

  it('keeps everything under an offline property, and nothing of another', () => {
    expect(kept(['/api/properties', 7])).toBe(true);
    expect(kept(['/api/properties', 7, 'devices', {}])).toBe(true);
    expect(kept(['/api/properties', 7, 'inspections', 'list', { sort: 'due_desc', limit: 25 }])).toBe(true);
    expect(kept(['/api/properties', 8])).toBe(false);
    expect(kept(['/api/properties', 'list', { pageSize: 24 }])).toBe(false);
  });

  it('keeps the pages of its inspections and walk-throughs, by the property their answer names', () => {
    expect(kept(['/api/inspections', 31])).toBe(true);
    expect(kept(['/api/inspections', 31, 'reminder-logs'])).toBe(true);
    expect(kept(['/api/walkthroughs', 4])).toBe(true);
    expect(kept(['/api/inspections', 32])).toBe(false);
    expect(kept(['/api/devices', 99])).toBe(false);
  });

  it('keeps the shell’s answers always, and the inspectors only while a property is offline', () => {
    expect(kept(['/api/subscription/status'], new Set())).toBe(true);
    expect(kept(['/api/deficiencies/open-summary'], new Set())).toBe(true);
    expect(kept(['/api/inspectors'], new Set())).toBe(false);
    expect(kept(['/api/inspectors'])).toBe(true);
    expect(kept(['/api/inspections', 'list', {}])).toBe(false);
    expect(kept(['/api/dashboard/stats'])).toBe(false);
  });

  it('reads the property from a record’s answer', () => {
    expect(propertyIdIn({ id: 1, propertyId: 7 })).toBe(7);
    expect(propertyIdIn([{ propertyId: 7 }])).toBeUndefined();
    expect(propertyIdIn(undefined)).toBeUndefined();
  });
});

describe('asking the browser to keep the copies', () => {
  const storage = (persisted: boolean, grants: boolean) =>
    ({ persisted: () => Promise.resolve(persisted), persist: () => Promise.resolve(grants) }) as unknown as StorageManager;

  it('says when the browser refuses, so the switch can say so', async () => {
    expect(await requestStoragePersistence(storage(false, false))).toBe('refused');
    expect(await storagePersistence(storage(false, false))).toBe('refused');
    expect(STORAGE_REFUSED_MESSAGE).toBe('Your browser may clear offline copies when space is short. Install Firemark on this device to keep them.');
  });

  it('is content when granted, now or before', async () => {
    expect(await requestStoragePersistence(storage(false, true))).toBe('granted');
    expect(await requestStoragePersistence(storage(true, false))).toBe('granted');
  });

  it('asks nothing of a browser without it', async () => {
    expect(await requestStoragePersistence({} as StorageManager)).toBe('unsupported');
    expect(await storagePersistence(undefined)).toBe('unsupported');
  });
});
