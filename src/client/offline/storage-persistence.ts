/**
 * Asking the browser not to clear the device's copies when space is short
 * (navigator.storage.persist()). Browsers decide by their own rules: Chrome grants it to an
 * installed app or a much-used site, Firefox asks the person, Safari grants it to an app added to
 * the Home Screen (and otherwise clears a site's data after 7 days without a visit).
 */
export type StoragePersistence = 'granted' | 'refused' | 'unsupported';

export const STORAGE_REFUSED_MESSAGE =
  'Your browser may clear offline copies when space is short. Install Firemark on this device to keep them.';

/** Whether the device's storage is already persistent, without asking. */
export async function storagePersistence(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<StoragePersistence> {
  if (!storage?.persisted) return 'unsupported';
  return (await storage.persisted().catch(() => false)) ? 'granted' : 'refused';
}

/** Asks for persistent storage (once granted, asking again changes nothing). */
export async function requestStoragePersistence(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<StoragePersistence> {
  if (!storage?.persist) return 'unsupported';
  if (await storage.persisted?.().catch(() => false)) return 'granted';
  return (await storage.persist().catch(() => false)) ? 'granted' : 'refused';
}
