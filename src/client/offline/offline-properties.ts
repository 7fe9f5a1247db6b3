import { calendarDayFromDate } from '@/lib/calendar-days';
import { offlineDb, type OfflineProperty } from './db';
import { keptSession } from './kept-session';

/**
 * The properties a member keeps on this device ("Available offline", docs/offline.md): marked by
 * hand on the property page, or by a walk-through for its day only. Each member's are their own.
 */

const CHANNEL = 'firemark-offline-properties';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

function announce(): void {
  for (const listener of listeners) listener();
  channel ??= typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  channel?.postMessage('changed');
}

/** Calls back when this device's list changes, in this tab or another. */
export function onOfflinePropertiesChange(listener: () => void): () => void {
  listeners.add(listener);
  const other = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  if (other) other.onmessage = () => listener();
  return () => {
    listeners.delete(listener);
    other?.close();
  };
}

/** The device's calendar day: a walk-through's mark lapses once it has passed. */
export const deviceToday = (): string => calendarDayFromDate(new Date());

/** Whether a mark still holds today: one by hand always; a walk-through's on its own day only. */
export function markHolds(entry: Pick<OfflineProperty, 'walkDay'>, today: string): boolean {
  return entry.walkDay === undefined || entry.walkDay >= today;
}

/** Whether a mark belongs to the organisation the member now acts in (a mark kept before organisations were noted belongs to each). */
export function inOrganization(entry: Pick<OfflineProperty, 'organizationId'>, organizationId: number | null | undefined): boolean {
  return entry.organizationId === undefined || organizationId == null || entry.organizationId === organizationId;
}

/**
 * This member's properties kept on the device for the organisation they act in, by name; lapsed
 * walk-through marks are dropped. Those of their other organisations stay kept for when they
 * switch back: the server would answer another organisation's property as not found.
 */
export async function offlinePropertiesOf(userId: number, organizationId: number | null | undefined): Promise<OfflineProperty[]> {
  const db = await offlineDb();
  const today = deviceToday();
  const all = await db.getAll('offlineProperties', IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]));
  const lapsed = all.filter((entry) => !markHolds(entry, today));
  if (lapsed.length > 0) {
    const tx = db.transaction('offlineProperties', 'readwrite');
    await Promise.all([...lapsed.map((entry) => tx.store.delete([entry.userId, entry.propertyId])), tx.done]);
  }
  return all.filter((entry) => markHolds(entry, today) && inOrganization(entry, organizationId)).sort((a, b) => a.name.localeCompare(b.name));
}

/** Keeps a property on the device for this member, by hand (a walk-through's mark becomes permanent). */
export async function markPropertyOffline(userId: number, organizationId: number | undefined, propertyId: number, name: string): Promise<void> {
  const db = await offlineDb();
  await db.put('offlineProperties', { userId, propertyId, name, markedAt: new Date().toISOString(), organizationId });
  announce();
}

export async function unmarkPropertyOffline(userId: number, propertyId: number): Promise<void> {
  const db = await offlineDb();
  await db.delete('offlineProperties', [userId, propertyId]);
  announce();
}

/**
 * A walk-through's page keeps its property on the device for the day, so a walk begun with signal
 * carries on without it; a property already marked by hand stays marked for good.
 */
export async function markWalkPropertyOffline(propertyId: number, name: string): Promise<void> {
  const user = await keptSession();
  if (!user) return;
  const db = await offlineDb();
  const today = deviceToday();
  const existing = await db.get('offlineProperties', [user.id, propertyId]);
  if (existing && (existing.walkDay === undefined || existing.walkDay === today)) return;
  await db.put('offlineProperties', { userId: user.id, propertyId, name, markedAt: new Date().toISOString(), walkDay: today, organizationId: user.organization?.id });
  announce();
}
