import { Link } from 'react-router';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOfflineProperties } from '@/offline/use-offline-properties';
import { useAuth } from './auth-context';

export const OFFLINE_SCREEN_TEXT = 'You are offline. This page needs a connection; properties you made available offline open without one.';

interface OfflineScreenProps {
  /** Asks again (the page's refetch), behind a Try Again button. */
  onRetry?: () => void;
  /** The heading's level: h1 where this stands for the whole page, h2 inside one. */
  headingLevel?: 'h1' | 'h2';
}

/**
 * What a page that needs the network shows when there is none and the device keeps nothing
 * for it (docs/offline.md, "What works offline"): says so, and opens what does work offline,
 * this member's properties kept on the device.
 */
export function OfflineScreen({ onRetry, headingLevel: Heading = 'h1' }: OfflineScreenProps) {
  const { user } = useAuth();
  const properties = useOfflineProperties(user);
  return (
    <section aria-labelledby="offline-screen-title" className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-xl border border-dashed bg-background px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <WifiOff aria-hidden="true" className="size-6" />
      </span>
      <Heading id="offline-screen-title" className="text-lg font-semibold">
        No connection
      </Heading>
      <p className="text-sm text-muted-foreground">{OFFLINE_SCREEN_TEXT}</p>
      {properties === undefined ? null : properties.length === 0 ? (
        <p className="text-sm">No properties are available offline on this device yet. Open a property while connected and choose Available offline.</p>
      ) : (
        <nav aria-label="Properties available offline" className="w-full text-left">
          <h2 className="mb-2 text-sm font-semibold">Properties available offline</h2>
          <ul className="divide-y rounded-lg border">
            {properties.map((property) => (
              <li key={property.propertyId}>
                <Link to={`/properties/${property.propertyId}`} className="block min-h-11 px-4 py-3 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
                  {property.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      ) : null}
    </section>
  );
}
