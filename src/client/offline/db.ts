import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxChange } from './outbox-types';

/** A property a member keeps on this device (docs/offline.md, "Available offline"). */
export interface OfflineProperty {
  propertyId: number;
  userId: number;
  name: string;
  /** ISO time it was marked. */
  markedAt: string;
  /** Marked by a walk-through for its day only: the calendar day after which it lapses. */
  walkDay?: string;
  /** The organisation the member was acting in when it was marked; listed only there. None on marks kept before it was noted. */
  organizationId?: number;
}

interface OfflineSchema extends DBSchema {
  /** Changes recorded on the device and not yet accepted, or needing the person. */
  outbox: { key: string; value: OutboxChange; indexes: { seq: number } };
  /** The answers of sent changes that later changes refer to (a tap's deficiency id for its photos). */
  answers: { key: string; value: { changeId: string; answer: unknown; at: string } };
  /** Small values: the last sync time, the last outbox sequence number. */
  meta: { key: string; value: unknown };
  /** Keyed by [userId, propertyId]: each member keeps their own on a shared device. */
  offlineProperties: { key: [number, number]; value: OfflineProperty };
  /** The persisted query cache (TanStack Query's persister), one entry per user. */
  queryCache: { key: string; value: unknown };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const NAME = 'firemark-offline';
let opened: Promise<OfflineDb> | undefined;

/**
 * The device's store, shared by the pages and the service worker (Background Sync). One
 * version for all its stores, so a page and the worker never disagree about its shape.
 */
export function offlineDb(): Promise<OfflineDb> {
  opened ??= openDB<OfflineSchema>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('seq', 'seq', { unique: true });
      db.createObjectStore('answers', { keyPath: 'changeId' });
      db.createObjectStore('meta');
      db.createObjectStore('offlineProperties', { keyPath: ['userId', 'propertyId'] });
      db.createObjectStore('queryCache');
    },
    // Another tab or a new service worker asked for a newer version: let it, and reopen later.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}
