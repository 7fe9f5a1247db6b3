import { useEffect, useId, useState } from 'react';
import { useAuth } from '@/app/auth-context';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { markPropertyOffline, unmarkPropertyOffline } from '@/offline/offline-properties';
import { useOfflineProperties } from '@/offline/use-offline-properties';
import { requestStoragePersistence, storagePersistence, STORAGE_REFUSED_MESSAGE } from '@/offline/storage-persistence';

/**
 * "Available offline" (docs/offline.md): this member keeps the property on this device, so its
 * page, devices, requirements, open inspections and deficiencies open without signal. The first
 * property marked asks the browser to keep the device's copies; a refusal is said beside it.
 */
export function AvailableOfflineSwitch({ propertyId, propertyName }: { propertyId: number; propertyName: string }) {
  const id = useId();
  const { user } = useAuth();
  const kept = useOfflineProperties(user);
  const entry = kept?.find((p) => p.propertyId === propertyId);
  // A walk-through's mark for its day only leaves the switch off: switching on keeps it for good.
  const on = entry !== undefined && entry.walkDay === undefined;
  const forWalk = entry?.walkDay !== undefined;
  const [refused, setRefused] = useState(false);

  // Marked earlier: whether the browser keeps the copies may have changed since (installed, cleared).
  useEffect(() => {
    if (!on) return;
    let live = true;
    void storagePersistence().then((state) => live && setRefused(state === 'refused'));
    return () => {
      live = false;
    };
  }, [on]);

  if (!user || kept === undefined) return null;

  const onChange = async (checked: boolean) => {
    try {
      if (!checked) {
        await unmarkPropertyOffline(user.id, propertyId);
        setRefused(false);
        return;
      }
      const first = kept.length === 0;
      await markPropertyOffline(user.id, user.organization?.id, propertyId, propertyName);
      if (first || refused) setRefused((await requestStoragePersistence()) === 'refused');
    } catch {
      toast({ variant: 'destructive', title: 'Could not change what this device keeps', description: 'Its storage did not answer. Please try again.' });
    }
  };

  return (
    <div className="flex max-w-md flex-col gap-1 rounded-md border px-3 py-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>Available offline</Label>
        <Switch id={id} aria-describedby={`${id}-description`} checked={on} onCheckedChange={(checked) => void onChange(checked)} />
      </div>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        {on
          ? 'Kept on this device: it opens without signal.'
          : forWalk
            ? 'Kept on this device for today’s walk-through. Switch on to keep it after today.'
            : 'Keep this property on this device to open it without signal.'}
      </p>
      {on && refused ? (
        <p role="status" className="text-sm font-medium text-amber-800">
          {STORAGE_REFUSED_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
