import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ArrowLeft, CircleCheck, CloudOff, SearchX } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { WalkthroughResult } from '@shared/devices';
import type { InspectionType } from '@shared/enums';
import type { WalkthroughDeviceResponse, WalkthroughResponse } from '@shared/schemas/walkthrough';
import { isApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format-date';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { recordIdFromUrl } from '@/lib/record-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { LoadError } from '@/components/load-error';
import { OfflineScreen } from '@/app/offline-screen';
import { PageHeader } from '@/components/page-header';
import { GenerateReportAction } from '@/components/generate-report-action';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { inspectionTypeLabel } from '@/features/inspections/components/inspection-text';
import { useWalkthrough } from '../api/walkthrough-queries';
import { useTaps, type LocalTap } from '../api/use-taps';
import { KEPT_TEXT } from '@/components/kept-toast';
import { markWalkPropertyOffline } from '@/offline/offline-properties';
import { DeviceRow, rowId } from '../components/device-row';
import { JumpToTag } from '../components/jump-to-tag';
import { tagFromText } from '../components/tag-from-text';
import type { FailDetails } from '../components/fail-dialog';
import { usePageRevealed } from '@/app/shell/page-revealed';

const FailDialog = lazyDialog(() => import('../components/fail-dialog').then((m) => m.FailDialog));
const NotAccessibleDialog = lazyDialog(() => import('../components/not-accessible-dialog').then((m) => m.NotAccessibleDialog));
const FinishWalkthroughDialog = lazyDialog(() => import('../components/finish-walkthrough-dialog').then((m) => m.FinishWalkthroughDialog));

function BackLink({ propertyId }: { propertyId?: number }) {
  return (
    <Button asChild variant="link" className="mb-2 h-auto px-0">
      <Link to={propertyId ? `/properties/${propertyId}` : '/properties'}>
        <ArrowLeft aria-hidden="true" /> {propertyId ? 'Back to the property' : 'Back to Properties'}
      </Link>
    </Button>
  );
}

/** /walkthroughs/:id: a building walked on a phone, one tap per device. */
export default function WalkthroughPage() {
  useDocumentTitle('Walk-through');
  const id = recordIdFromUrl(useParams().id);
  const walk = useWalkthrough(id);
  const notFound = id === undefined || (walk.isError && isApiError(walk.error) && walk.error.status === 404);

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl">
        <BackLink />
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <SearchX aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold">Walk-through not found</h1>
          <p className="max-w-md text-sm text-muted-foreground">It may have been removed, or the link may be wrong.</p>
        </Card>
      </div>
    );
  }
  // No network and nothing kept on the device for it (an open walk-through of a property kept offline is kept).
  if (walk.isPending && walk.fetchStatus === 'paused') return <OfflineScreen onRetry={() => void walk.refetch()} />;
  if (walk.isPending) {
    return (
      <div className="mx-auto max-w-2xl space-y-4" role="status">
        <span className="sr-only">Loading walk-through...</span>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  }
  if (walk.isError) {
    return (
      <div className="mx-auto max-w-2xl">
        <BackLink />
        <LoadError message="The walk-through could not be loaded." onRetry={() => void walk.refetch()} retrying={walk.isFetching} />
      </div>
    );
  }
  return <WalkScreen key={walk.data.id} walk={walk.data} />;
}

interface Group {
  key: string;
  title: string;
  devices: WalkthroughDeviceResponse[];
  /** Devices of the group, drawn or not yet. */
  total: number;
}

/**
 * Rows drawn in the first frame, the rest following in the next: enough to fill the window. A
 * row is at least 96 px high (its tag, its place and its 48 px result buttons under them), so
 * this is more than shows: a phone's first screen shows two or three below the walk's header.
 */
const firstRowCount = () => Math.ceil(window.innerHeight / 96);

/** The groups cut after `limit` devices, keeping each group's count. */
function firstRows(groups: Group[], limit: number): Group[] {
  const shown: Group[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    shown.push(group.devices.length <= left ? group : { ...group, devices: group.devices.slice(0, left) });
    left -= group.devices.length;
  }
  return shown;
}

const floorText = (floor: string) => (/^-?\d+$/.test(floor) ? `Floor ${floor}` : floor);

/** The devices in the server's walking order, cut where the building or floor changes. */
function groupByPlace(devices: WalkthroughDeviceResponse[]): Group[] {
  const groups: Group[] = [];
  for (const device of devices) {
    const key = `${device.building ?? ''}\u0000${device.floor ?? ''}`;
    const last = groups.at(-1);
    if (last && last.key === key) {
      last.devices.push(device);
      last.total++;
    } else {
      const title = [device.building ?? 'Building not given', device.floor ? floorText(device.floor) : null].filter(Boolean).join(' · ');
      groups.push({ key, title, devices: [device], total: 1 });
    }
  }
  return groups;
}

const RESULT_WORDS: Record<WalkthroughResult, string> = { pass: 'Pass', fail: 'Fail', not_accessible: 'Not accessible' };

/** Scrolls a device into the middle of the screen and puts focus on it (or on its Pass button). */
function bringIntoView(deviceId: number, focus: 'row' | 'pass') {
  const row = document.getElementById(rowId(deviceId));
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  const target = focus === 'pass' ? row.querySelector<HTMLButtonElement>('button:not(:disabled)') : row;
  (target ?? row).focus({ preventScroll: true });
}

function WalkScreen({ walk }: { walk: WalkthroughResponse }) {
  const { can } = usePermissions();
  const [searchParams] = useSearchParams();
  const canFail = can('deficiencies.record');
  const [announcement, setAnnouncement] = useState('');
  const devices = walk.devices;
  const byId = useMemo(() => new Map(devices.map((d) => [d.deviceId, d])), [devices]);
  const describe = useCallback((deviceId: number) => byId.get(deviceId)?.tag ?? 'a device', [byId]);
  const { taps, tap, waitingCount, savingCount, pendingFinish } = useTaps(walk.id, walk.propertyId, setAnnouncement, describe);
  // Finished on this phone and not yet synced: a record, like a finished walk.
  const finishedHere = walk.status === 'open' && pendingFinish !== undefined;
  const locked = walk.status !== 'open' || finishedHere || !can('inspections.complete');
  // The walk of the day keeps its property on the phone, so it carries on without a signal.
  useEffect(() => {
    if (walk.status === 'open') void markWalkPropertyOffline(walk.propertyId, walk.propertyName).catch(() => undefined);
  }, [walk.status, walk.propertyId, walk.propertyName]);
  const groups = useMemo(() => groupByPlace(devices), [devices]);
  // A long walk draws its first screenful at once and the rest just after, so the phone shows
  // the list without waiting for rows far below.
  // While the page is still hidden (SPEC 9's reveal), the rest waits: shown, the page then lays
  // out only the first screenful, and the rest follows.
  const [drawAll, setDrawAll] = useState(() => devices.length <= firstRowCount());
  const revealed = usePageRevealed();
  useEffect(() => {
    if (drawAll || !revealed) return;
    const frame = requestAnimationFrame(() => startTransition(() => setDrawAll(true)));
    return () => cancelAnimationFrame(frame);
  }, [drawAll, revealed]);
  const shownGroups = useMemo(() => (drawAll ? groups : firstRows(groups, firstRowCount())), [drawAll, groups]);
  // Each group gets its own devices' taps, the same object while none of them changes, so a tap
  // redraws its own floor's section rather than going through all 500 rows.
  const lastGroupTaps = useRef(new Map<string, Record<number, LocalTap>>());
  const groupTaps = useMemo(() => {
    const next = new Map<string, Record<number, LocalTap>>();
    for (const group of shownGroups) {
      const before = lastGroupTaps.current.get(group.key);
      const own: Record<number, LocalTap> = {};
      let changed = !before;
      for (const device of group.devices) {
        const local = taps[device.deviceId];
        if (local) own[device.deviceId] = local;
        if (before && before[device.deviceId] !== local) changed = true;
      }
      next.set(group.key, changed || !before ? own : before);
    }
    lastGroupTaps.current = next;
    return next;
  }, [shownGroups, taps]);

  const resultOf = (device: WalkthroughDeviceResponse, local: Record<number, LocalTap>) => local[device.deviceId]?.result ?? device.tap?.result ?? null;
  const tapsNow = useRef(taps);
  tapsNow.current = taps;

  const progress = useMemo(() => {
    let done = 0;
    let failed = 0;
    const notTapped: string[] = [];
    const notAccessible: string[] = [];
    for (const device of devices) {
      const result = resultOf(device, taps);
      if (result) done++;
      if (result === 'fail') failed++;
      if (result === 'not_accessible') notAccessible.push(device.tag);
      if (!result) notTapped.push(device.tag);
    }
    return { done, failed, notTapped, notAccessible };
  }, [devices, taps]);

  // The next device not yet done after this one (or from the top), scrolled to once a tap is made.
  const nextAfter = useCallback(
    (deviceId: number): number | undefined => {
      const index = devices.findIndex((d) => d.deviceId === deviceId);
      const order = [...devices.slice(index + 1), ...devices.slice(0, index)];
      return order.find((d) => d.deviceId !== deviceId && !resultOf(d, tapsNow.current))?.deviceId;
    },
    [devices],
  );

  const [failFor, setFailFor] = useState<WalkthroughDeviceResponse | null>(null);
  const [notAccessibleFor, setNotAccessibleFor] = useState<WalkthroughDeviceResponse | null>(null);
  const [finishing, setFinishing] = useState(false);
  const moveTo = useRef<number | undefined>(undefined);

  const moveOn = useCallback(
    (deviceId: number) => {
      const next = nextAfter(deviceId);
      if (next !== undefined) bringIntoView(next, 'pass');
    },
    [nextAfter],
  );

  const handleResult = (deviceId: number, result: WalkthroughResult) => {
    const device = byId.get(deviceId);
    if (!device) return;
    if (result === 'pass') {
      tap(deviceId, { result: 'pass' });
      setAnnouncement(`${device.tag}: Pass`);
      moveOn(deviceId);
    } else if (result === 'fail') setFailFor(device);
    else setNotAccessibleFor(device);
  };
  // One function for the page's life, so a saved tap (a new list from the cache) redraws only its row.
  const handleResultNow = useRef(handleResult);
  handleResultNow.current = handleResult;
  const onResult = useCallback((deviceId: number, result: WalkthroughResult) => handleResultNow.current(deviceId, result), []);

  const onFail = (details: FailDetails) => {
    if (!failFor) return;
    const { photos, ...rest } = details;
    tap(failFor.deviceId, { result: 'fail', ...rest }, photos);
    setAnnouncement(`${failFor.tag}: ${RESULT_WORDS.fail}`);
    moveTo.current = nextAfter(failFor.deviceId);
  };
  const onNotAccessible = (reason: string) => {
    if (!notAccessibleFor) return;
    tap(notAccessibleFor.deviceId, { result: 'not_accessible', reason });
    setAnnouncement(`${notAccessibleFor.tag}: ${RESULT_WORDS.not_accessible}`);
    moveTo.current = nextAfter(notAccessibleFor.deviceId);
  };
  // A sheet closing after its save goes on to the next device rather than back to the button.
  const afterSheet = (event: Event) => {
    const next = moveTo.current;
    moveTo.current = undefined;
    if (next === undefined) return;
    event.preventDefault();
    bringIntoView(next, 'pass');
  };

  const jump = useCallback(
    (tag: string) => {
      const device = devices.find((d) => d.tag === tag);
      if (!device) return false;
      bringIntoView(device.deviceId, 'row');
      setAnnouncement(`${device.tag}, ${device.room ?? device.description ?? ''}`.replace(/, $/, ''));
      return true;
    },
    [devices],
  );

  // ?device= (an id, or a tag) opens the walk at that device: "Inspect now" and a scanned label.
  const wanted = searchParams.get('device');
  useEffect(() => {
    if (!wanted || !drawAll) return;
    const asId = Number(wanted);
    const device = devices.find((d) => d.deviceId === asId) ?? devices.find((d) => d.tag === tagFromText(wanted));
    if (device) bringIntoView(device.deviceId, 'row');
  }, [wanted, devices, drawAll]);

  const total = devices.length;
  const summary = [`${progress.done} of ${total} done`, progress.failed ? `${progress.failed} failed` : null, progress.notAccessible.length ? `${progress.notAccessible.length} not accessible` : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="mx-auto max-w-2xl pb-8">
      <BackLink propertyId={walk.propertyId} />
      <PageHeader
        title={walk.activity}
        description={
          <>
            <Link to={`/properties/${walk.propertyId}`} className="font-medium text-foreground underline-offset-4 hover:underline">
              {walk.propertyName}
            </Link>{' '}
            · {inspectionTypeLabel(walk.itemType)}
          </>
        }
      />

      {finishedHere ? (
        <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="flex items-center gap-2 text-sm font-medium">
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
            Finished on this device. {KEPT_TEXT}
          </p>
        </div>
      ) : null}

      {walk.status !== 'open' ? (
        <div className="mb-4 space-y-3 rounded-lg border bg-muted p-3">
          <p className="flex items-center gap-2 text-sm font-medium">
            <CircleCheck className="size-4" aria-hidden="true" />
            {walk.status === 'finished' ? `Finished ${formatDateTime(walk.finishedAt)}.` : 'This walk-through was abandoned.'}
          </p>
          {walk.status === 'finished' ? (
            <div className="flex flex-wrap gap-2">
              <GenerateReportAction propertyId={walk.propertyId} size="sm" />
              <Button asChild variant="outline" size="sm">
                <Link to={`/inspections/${walk.inspectionId}`}>See the inspection</Link>
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="mb-4 space-y-3">
        <div className="space-y-1">
          <p className="text-base font-semibold" id="walk-progress">
            {summary}
          </p>
          <div
            role="progressbar"
            aria-labelledby="walk-progress"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={progress.done}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: total ? `${(progress.done / total) * 100}%` : '0%' }} />
          </div>
        </div>
        {total ? <JumpToTag onJump={jump} /> : null}
      </div>

      {/* Each result, and each save that fails or goes through late, is said aloud. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {total === 0 ? (
        <Card className="p-6 text-center">
          <p className="font-medium">No devices in service have this activity.</p>
          <p className="mt-1 text-sm text-muted-foreground">Add devices on the property page, or put them back in service.</p>
        </Card>
      ) : (
        <div className="space-y-6">
          {shownGroups.map((group) => (
            <GroupSection key={group.key} group={group} itemType={walk.itemType} taps={groupTaps.get(group.key)!} onResult={onResult} locked={locked} canFail={canFail} />
          ))}
        </div>
      )}

      {walk.status === 'open' && !finishedHere && can('inspections.complete') && total > 0 ? (
        <div className="mt-6 space-y-2 border-t pt-4">
          <Button size="lg" className="w-full sm:w-auto" onClick={() => setFinishing(true)} {...reachFor(FinishWalkthroughDialog)}>
            Finish walk-through
          </Button>
          {waitingCount ? (
            <p className="text-sm text-amber-900">
              {waitingCount === 1 ? '1 tap is saved on this device, waiting to sync.' : `${waitingCount} taps are saved on this device, waiting to sync.`}
            </p>
          ) : null}
        </div>
      ) : null}

      <FailDialog
        open={failFor !== null}
        onOpenChange={(open) => !open && setFailFor(null)}
        device={failFor}
        checklist={walk.checklist}
        checklistSource={walk.checklistSource}
        onFail={onFail}
        onCloseAutoFocus={afterSheet}
      />
      <NotAccessibleDialog
        open={notAccessibleFor !== null}
        onOpenChange={(open) => !open && setNotAccessibleFor(null)}
        device={notAccessibleFor}
        onSave={onNotAccessible}
        onCloseAutoFocus={afterSheet}
      />
      <FinishWalkthroughDialog
        open={finishing}
        onOpenChange={setFinishing}
        walkId={walk.id}
        propertyId={walk.propertyId}
        activity={walk.activity}
        performer={walk.startedBy ?? ''}
        notTapped={progress.notTapped}
        notAccessible={progress.notAccessible}
        failed={progress.failed}
        saving={savingCount}
        waiting={waitingCount}
      />
    </div>
  );
}

interface GroupSectionProps {
  group: Group;
  itemType: InspectionType;
  /** The taps of this group's devices. */
  taps: Record<number, LocalTap>;
  onResult: (deviceId: number, result: WalkthroughResult) => void;
  locked: boolean;
  canFail: boolean;
}

const GroupSection = memo(function GroupSection({ group, itemType, taps, onResult, locked, canFail }: GroupSectionProps) {
  const headingId = `walk-group-${group.devices[0]!.deviceId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
        {group.title} <span className="font-normal">({group.total})</span>
      </h2>
      <ul className="space-y-2" aria-labelledby={headingId}>
        {group.devices.map((device) => (
          <DeviceRow key={device.deviceId} device={device} itemType={itemType} local={taps[device.deviceId]} onResult={onResult} locked={locked} canFail={canFail} />
        ))}
      </ul>
    </section>
  );
});
