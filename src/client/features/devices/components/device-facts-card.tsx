import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeviceResponse } from '@shared/schemas/device';
import { formatDate } from '@/lib/format-date';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { floorText, itemLabel, monthText, statusLabel, subtypeLabel } from './device-text';

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 space-y-0.5' : 'space-y-0.5'}>
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

const notGiven = <span className="text-muted-foreground">Not given</span>;

/** What the device is, where it hangs, and what its label says. */
export function DeviceFactsCard({ device }: { device: DeviceResponse }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Facts</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
          <Fact term="Safety item">{itemLabel(device.itemType)}</Fact>
          <Fact term="Tag">
            <span className="font-mono font-semibold">{device.tag}</span>
          </Fact>
          <Fact term="Subtype" wide>
            {subtypeLabel(device.itemType, device.subtype) ?? notGiven}
          </Fact>
          <Fact term="Size or rating">{device.rating ?? notGiven}</Fact>
          <Fact term="Building">{device.location.building ?? notGiven}</Fact>
          <Fact term="Floor">{device.location.floor ? floorText(device.location.floor) : notGiven}</Fact>
          <Fact term="Room">{device.location.room ?? notGiven}</Fact>
          <Fact term="Location description">{device.location.description ?? notGiven}</Fact>
          <Fact term="Serial number">{device.serialNumber ?? notGiven}</Fact>
          <Fact term="Manufacturer">{device.manufacturer ?? notGiven}</Fact>
          <Fact term="Model">{device.model ?? notGiven}</Fact>
          <Fact term="Month of manufacture">{device.manufacturedOn ? monthText(device.manufacturedOn) : notGiven}</Fact>
          <Fact term="Installation date">{device.installedOn ? formatDate(device.installedOn) : notGiven}</Fact>
          <Fact term="Status">
            {statusLabel(device)}
            {device.statusReason ? <span className="block text-muted-foreground">{device.statusReason}</span> : null}
            {device.status === 'replaced' && device.replacedById ? (
              <Link to={`/devices/${device.replacedById}`} className="block font-medium text-primary underline-offset-4 hover:underline">
                See the device that replaced it
              </Link>
            ) : null}
          </Fact>
          {device.notes ? (
            <Fact term="Notes" wide>
              <span className="whitespace-pre-line">{device.notes}</span>
            </Fact>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
