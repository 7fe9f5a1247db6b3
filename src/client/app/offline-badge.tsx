import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { whenServerAnswers } from './reconnect';
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
    if (!wasOffline.current) return;
    wasOffline.current = false;
    // Everything may have changed while away: once the server answers again, mark all data
    // stale and refetch what is on screen.
    return whenServerAnswers(() => void queryClient.invalidateQueries());
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
