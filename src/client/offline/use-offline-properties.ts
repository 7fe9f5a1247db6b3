import { useEffect, useState } from 'react';
import type { SessionUser } from '@shared/schemas/auth';
import type { OfflineProperty } from './db';
import { offlinePropertiesOf, onOfflinePropertiesChange } from './offline-properties';

/**
 * This member's properties kept on the device for the organisation they act in, kept current
 * across tabs; undefined while read, none when no one is signed in.
 */
export function useOfflineProperties(user: SessionUser | null | undefined): OfflineProperty[] | undefined {
  const [list, setList] = useState<OfflineProperty[] | undefined>(undefined);
  const userId = user?.id;
  const organizationId = user?.organization?.id;
  useEffect(() => {
    if (userId === undefined) {
      setList([]);
      return;
    }
    let live = true;
    const read = () =>
      void offlinePropertiesOf(userId, organizationId)
        .then((now) => live && setList(now))
        .catch(() => live && setList([]));
    read();
    const stop = onOfflinePropertiesChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId, organizationId]);
  return list;
}
