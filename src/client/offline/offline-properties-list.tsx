import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/app/auth-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format-date';
import { unmarkPropertyOffline } from './offline-properties';
import { useOfflineProperties } from './use-offline-properties';

/** The properties this member keeps on this device (docs/offline.md), each with Remove. */
export function OfflinePropertiesList() {
  const { user } = useAuth();
  const kept = useOfflineProperties(user);
  if (!user) return null;

  const remove = (propertyId: number, name: string) =>
    void unmarkPropertyOffline(user.id, propertyId).then(
      () => toast({ title: 'Removed from this device', description: `${name} is no longer kept offline.` }),
      () => toast({ variant: 'destructive', title: 'Could not remove it', description: 'This device’s storage did not answer. Please try again.' }),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Available offline</CardTitle>
        <CardDescription>
          Properties kept on this device, to open without signal. Mark one with “Available offline” on its page; a walk-through
          keeps its property for the day.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {kept === undefined ? (
          <p role="status" className="text-sm text-muted-foreground">
            Reading this device…
          </p>
        ) : kept.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
            No properties are kept on this device.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Properties kept on this device">
            {kept.map((property) => (
              <li key={property.propertyId} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <Link to={`/properties/${property.propertyId}`} className="break-words font-medium underline-offset-4 hover:underline">
                    {property.name}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {property.walkDay ? 'For today’s walk-through' : `Kept since ${formatDate(property.markedAt)}`}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => remove(property.propertyId, property.name)} aria-label={`Remove ${property.name} from this device`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
