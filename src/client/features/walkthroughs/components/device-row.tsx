import { memo } from 'react';
import { CloudOff } from 'lucide-react';
import { WALKTHROUGH_RESULT_LABELS, type WalkthroughResult } from '@shared/devices';
import type { WalkthroughDeviceResponse } from '@shared/schemas/walkthrough';
import type { InspectionType } from '@shared/enums';
import { subtypeLabel } from '@shared/device-kind';
import { formatDate } from '@/lib/format-date';
import type { LocalTap } from '../api/use-taps';

export const rowId = (deviceId: number) => `walk-device-${deviceId}`;

interface DeviceRowProps {
  device: WalkthroughDeviceResponse;
  /** The walk's item type: names the device's subtype as the devices list does. */
  itemType: InspectionType;
  /** The tap made on this phone since the page opened, which wins over the server's. */
  local: LocalTap | undefined;
  onResult: (deviceId: number, result: WalkthroughResult) => void;
  /** No taps, so no result buttons: the walk is finished or abandoned, or the role only reads. */
  locked: boolean;
  canFail: boolean;
}

// Class names written out whole rather than merged per row: a 500-device walk draws 2,000 of them.
const BUTTON_STYLE =
  'flex min-h-12 flex-col items-center justify-center gap-0.5 rounded-md border px-1 py-2 text-sm font-semibold leading-tight transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-50';
const RESULT_STYLE: Record<WalkthroughResult | 'none', string> = {
  pass: `${BUTTON_STYLE} border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800`,
  fail: `${BUTTON_STYLE} border-red-700 bg-red-700 text-white hover:bg-red-800`,
  not_accessible: `${BUTTON_STYLE} border-amber-700 bg-amber-700 text-white hover:bg-amber-800`,
  none: `${BUTTON_STYLE} border-input bg-background hover:bg-muted`,
};
const ROW_STYLE =
  'scroll-mt-24 space-y-3 rounded-lg border bg-card p-3 [contain-intrinsic-size:auto_9.5rem] [content-visibility:auto] focus:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const ROW_BORDER: Record<WalkthroughResult | 'none', string> = {
  pass: `${ROW_STYLE} border-emerald-300`,
  fail: `${ROW_STYLE} border-red-300`,
  not_accessible: ROW_STYLE,
  none: ROW_STYLE,
};

/**
 * The buttons' icons (lucide's Check, X and Ban) are drawn by each button's own ::before
 * (index.css, `walk-result-*`), not as elements: a 500-device walk shows 1,500 of them, and an
 * SVG with its path was a third of a row's elements, each made by React and by the browser as
 * the walk opens.
 */
const RESULT_ICON: Record<WalkthroughResult, string> = { pass: 'walk-result-pass', fail: 'walk-result-fail', not_accessible: 'walk-result-not-accessible' };
/** Each button's class, chosen or not, with its icon. */
const BUTTON_CLASS = Object.fromEntries(
  (['pass', 'fail', 'not_accessible'] as const).map((option) => [
    option,
    { chosen: `${RESULT_STYLE[option]} ${RESULT_ICON[option]}`, other: `${RESULT_STYLE.none} ${RESULT_ICON[option]}` },
  ]),
) as Record<WalkthroughResult, { chosen: string; other: string }>;
const RESULT_OPTIONS = ['pass', 'fail', 'not_accessible'] as const;

const DONE_TEXT: Record<WalkthroughResult, string> = { pass: 'Passed', fail: 'Failed', not_accessible: 'Not accessible' };

/** Room and description; the group heading names the building and floor. A bare room number reads "Room 301", as in the devices list. */
function where(device: WalkthroughDeviceResponse): string {
  const room = device.room && (/^\d/.test(device.room) ? `Room ${device.room}` : device.room);
  return [room, device.description].filter(Boolean).join(' · ') || 'Location not given';
}

function kind(device: WalkthroughDeviceResponse, itemType: InspectionType): string {
  return [subtypeLabel(itemType, device.subtype), device.rating].filter(Boolean).join(', ');
}

function PhotoNote({ photos }: { photos: NonNullable<LocalTap['photos']> }) {
  const some = (one: string, many: string) => (photos.count === 1 ? one : `${photos.count} ${many}`);
  if (photos.state === 'saving') return <span className="text-muted-foreground">Saving photo...</span>;
  if (photos.state === 'kept') return <span className="text-muted-foreground">{some('Photo waiting to sync', 'photos waiting to sync')}</span>;
  if (photos.state === 'refused') return <span className="font-medium text-destructive">Photo not saved: {photos.message}</span>;
  return <span className="text-muted-foreground">{some('Photo saved', 'photos saved')}</span>;
}

/** What the row says about its save, beside the result: kept on the phone until the network returns, or refused. */
function SaveNote({ local }: { local: LocalTap }) {
  if (local.state === 'saving') return <span className="text-muted-foreground">Saving...</span>;
  if (local.state === 'refused') return <span className="font-medium text-destructive">Not saved: {local.message}</span>;
  const kept = local.state === 'kept';
  return (
    <>
      {kept ? (
        <span className="inline-flex items-center gap-1 font-medium text-amber-800">
          <CloudOff className="size-4" aria-hidden="true" />
          Saved on this device, waiting to sync
        </span>
      ) : null}
      {kept && local.photos ? ' · ' : null}
      {local.photos ? <PhotoNote photos={local.photos} /> : null}
    </>
  );
}

/**
 * One device of the walk: its tag, where it is, when it is next due and the three results as
 * large buttons. Drawn again only when its own device or tap changes, so a tap on a 500-device
 * list redraws one row; rows off screen are left unpainted by the browser (content-visibility).
 */
export const DeviceRow = memo(function DeviceRow({ device, itemType, local, onResult, locked, canFail }: DeviceRowProps) {
  const result = local?.result ?? device.tap?.result ?? null;
  const headingId = `${rowId(device.deviceId)}-tag`;
  const details = kind(device, itemType);
  return (
    <li
      id={rowId(device.deviceId)}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-result={result ?? 'none'}
      className={ROW_BORDER[result ?? 'none']}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-mono text-base font-semibold tracking-wide">
          {device.tag}
        </h3>
        {local ? (
          <p className="text-sm">
            {result ? <span className="font-medium">{DONE_TEXT[result]}</span> : <span className="text-muted-foreground">Not done</span>}{' '}
            <SaveNote local={local} />
          </p>
        ) : (
          // Most rows: one element and its text.
          <p className={result ? 'text-sm font-medium' : 'text-sm text-muted-foreground'}>{result ? DONE_TEXT[result] : 'Not done'}</p>
        )}
      </div>
      <div className="space-y-0.5 text-sm">
        <p className="break-words">{where(device)}</p>
        <p className="text-muted-foreground">
          {`${details ? `${details} · ` : ''}${device.nextDueDate ? `Next due ${formatDate(device.nextDueDate)}` : 'Next due not known'}`}
        </p>
      </div>
      {locked ? null : (
        <div className="grid grid-cols-3 gap-2" role="group" aria-label={`Result for ${device.tag}`}>
          {RESULT_OPTIONS.map((option) => {
            const chosen = result === option;
            const disabled = option === 'fail' && !canFail;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={chosen}
                disabled={disabled}
                onClick={() => onResult(device.deviceId, option)}
                className={BUTTON_CLASS[option][chosen ? 'chosen' : 'other']}
              >
                {WALKTHROUGH_RESULT_LABELS[option]}
              </button>
            );
          })}
        </div>
      )}
    </li>
  );
});
