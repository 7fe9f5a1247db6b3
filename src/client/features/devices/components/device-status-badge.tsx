import type { DeviceResponse } from '@shared/schemas/device';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { statusLabel } from './device-text';

/**
 * A device's standing in words: out of service, removed or replaced says so (that is what a
 * person must act on); in service, its compliance (Compliant, Due Soon, Overdue...). The label
 * carries the meaning, the colour only repeats it.
 */
export function DeviceStatusBadge({ device, className }: { device: Pick<DeviceResponse, 'status' | 'compliance'> & Partial<Pick<DeviceResponse, 'nextDueDate'>>; className?: string }) {
  if (device.status === 'out_of_service') {
    return (
      <Badge variant="destructive" className={className}>
        {statusLabel(device)}
      </Badge>
    );
  }
  if (device.status !== 'in_service') {
    return (
      <Badge variant="muted" className={className}>
        {statusLabel(device)}
      </Badge>
    );
  }
  if (device.compliance === 'unknown') {
    // With a next due date beside it, "Dates not known" read as a contradiction: it is the
    // multi-year dates (counted from a manufacture or installation date not given) that are missing.
    return (
      <Badge variant="muted" className={className}>
        {device.nextDueDate ? 'Some dates not known' : 'Dates not known'}
      </Badge>
    );
  }
  return <StatusBadge status={device.compliance} className={className} />;
}
