import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from './use-online-status';

export function OfflineBadge() {
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (wasOffline.current) {
      wasOffline.current = false;
      // Everything may have changed while away: mark all data stale and refetch what is on screen.
      void queryClient.invalidateQueries();
    }
  }, [online, queryClient]);

  // The live region stays mounted so that the change itself is announced.
  return (
    <div role="status" className="pointer-events-none fixed right-4 top-[4.5rem] z-[110]">
      {online ? null : (
        <span className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-3 py-1.5 text-sm font-medium text-white shadow-lg">
          <WifiOff aria-hidden="true" className="size-4" />
          Network offline
        </span>
      )}
    </div>
  );
}
