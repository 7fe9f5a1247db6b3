import { useEffect, useState } from 'react';
import type { OfflineProperty } from './db';
import { offlinePropertiesOf, onOfflinePropertiesChange } from './offline-properties';

/** This member's properties kept on the device, kept current across tabs; undefined while read, none when no one is signed in. */
export function useOfflineProperties(userId: number | undefined): OfflineProperty[] | undefined {
  const [list, setList] = useState<OfflineProperty[] | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) {
      setList([]);
      return;
    }
    let live = true;
    const read = () =>
      void offlinePropertiesOf(userId)
        .then((now) => live && setList(now))
        .catch(() => live && setList([]));
    read();
    const stop = onOfflinePropertiesChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return list;
}
