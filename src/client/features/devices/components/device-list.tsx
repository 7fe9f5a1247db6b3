import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { InspectionType } from '@shared/enums';
import type { DeviceResponse } from '@shared/schemas/device';
import { formatDate } from '@/lib/format-date';
import { Button } from '@/components/ui/button';
import { DeviceStatusBadge } from './device-status-badge';
import { buildingFloorText, itemLabel, kindText, spotText } from './device-text';

/** A long list draws this many rows first; the rest on asking, so a large building opens quickly. */
const FIRST_ROWS = 300;

interface FloorGroup {
  key: string;
  title: string;
  devices: DeviceResponse[];
}
interface ItemGroup {
  itemType: InspectionType;
  count: number;
  floors: FloorGroup[];
}

/** The server's walking order (item, building, floor) cut into its groups, in one pass. */
function groupDevices(devices: readonly DeviceResponse[]): ItemGroup[] {
  const items: ItemGroup[] = [];
  for (const device of devices) {
    let item = items.at(-1);
    if (item?.itemType !== device.itemType) {
      item = { itemType: device.itemType, count: 0, floors: [] };
      items.push(item);
    }
    item.count += 1;
    const key = `${device.location.building ?? ''}\u0000${device.location.floor ?? ''}`;
    let floor = item.floors.at(-1);
    if (floor?.key !== key) {
      floor = { key, title: buildingFloorText(device.location), devices: [] };
      item.floors.push(floor);
    }
    floor.devices.push(device);
  }
  return items;
}

/** "Next due Mar 5, 2027", or why it is not known. */
function dueText(device: DeviceResponse): string {
  if (device.status === 'removed' || device.status === 'replaced') return 'No longer inspected';
  if (device.nextDueDate) return `Next due ${formatDate(device.nextDueDate)}`;
  return 'Next due not known';
}

export function DeviceList({ devices, headingId }: { devices: readonly DeviceResponse[]; headingId: string }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? devices : devices.slice(0, FIRST_ROWS);
  const groups = useMemo(() => groupDevices(shown), [shown]);
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.itemType} aria-labelledby={`${headingId}-${group.itemType}`} className="space-y-4">
          <h3 id={`${headingId}-${group.itemType}`} className="border-b pb-2 text-base font-semibold">
            {itemLabel(group.itemType)} <span className="font-normal text-muted-foreground">({group.count})</span>
          </h3>
          {group.floors.map((floor) => (
            <section key={floor.key} aria-label={`${itemLabel(group.itemType)}, ${floor.title}`} className="space-y-2">
              <h4 className="text-sm font-semibold text-muted-foreground">{floor.title}</h4>
              <ul className="divide-y rounded-lg border">
                {floor.devices.map((device) => (
                  <DeviceRow key={device.id} device={device} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {shown.length < devices.length ? (
        <Button variant="outline" onClick={() => setShowAll(true)}>
          Show all {devices.length} devices
        </Button>
      ) : null}
    </div>
  );
}

function DeviceRow({ device }: { device: DeviceResponse }) {
  const kind = kindText(device);
  const spot = spotText(device.location);
  return (
    <li data-testid="device-row">
      <Link
        to={`/devices/${device.id}`}
        className="flex flex-col gap-1 p-3 hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-row sm:items-center sm:justify-between sm:gap-4"
      >
        <span className="min-w-0 space-y-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold">
              <span className="sr-only">Tag </span>
              {device.tag}
            </span>
            <DeviceStatusBadge device={device} />
          </span>
          {kind ? <span className="block break-words text-sm">{kind}</span> : null}
          {spot ? <span className="block break-words text-sm text-muted-foreground">{spot}</span> : null}
        </span>
        <span className="shrink-0 text-sm text-muted-foreground sm:text-right">
          <span className="block">{dueText(device)}</span>
          {device.lastInspectedOn ? <span className="block">Last inspected {formatDate(device.lastInspectedOn)}</span> : null}
          {device.openDeficiencies > 0 ? (
            <span className="block font-medium text-red-800">
              {device.openDeficiencies} open {device.openDeficiencies === 1 ? 'deficiency' : 'deficiencies'}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
