import { CloudOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Beside something recorded on this device and not yet on the server (docs/offline.md). */
export function WaitingToSyncBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={className}>
      <CloudOff className="size-3" aria-hidden="true" />
      Waiting to sync
    </Badge>
  );
}
