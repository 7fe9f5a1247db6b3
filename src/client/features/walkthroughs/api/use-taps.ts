import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WalkthroughResult } from '@shared/devices';
import type { WalkthroughResponse, WalkthroughTapInput, WalkthroughTapResponse } from '@shared/schemas/walkthrough';
import { isApiError, serverMessage } from '@/lib/api';
import { KEPT_TEXT } from '@/components/kept-toast';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { record, usePendingChanges } from '@/offline/outbox';
import { listen } from '@/offline/outbox-events';
import { resizePhoto } from '@/offline/resize-photo';
import type { OutboxChange, RecordOutcome } from '@/offline/outbox-types';
import { walkthroughKey } from './walkthrough-queries';

/**
 * Where a tap made on this phone stands. `saving`: being written and sent. `kept`: saved on
 * this device, waiting for the network (docs/offline.md). `saved`: the server has it.
 * `refused`: the server will not take it (the walk was finished, a field was wrong).
 */
export type TapState = 'saving' | 'kept' | 'saved' | 'refused';
export type PhotoState = 'saving' | 'kept' | 'saved' | 'refused';

export interface LocalTap {
  clientId: string;
  result: WalkthroughResult;
  state: TapState;
  /** Why the server refused it. */
  message?: string;
  photos?: { state: PhotoState; count: number; message?: string };
}


type TapBody = WalkthroughTapInput & { clientId: string; result: WalkthroughResult };

const tapUrl = (walkId: number, deviceId: number) => `/api/walkthroughs/${walkId}/results/${deviceId}`;
const TAP_URL = /^\/api\/walkthroughs\/(\d+)\/results\/(\d+)$/;

/** The device a recorded tap is for, read from its url. */
function deviceOf(change: OutboxChange): number | undefined {
  const match = TAP_URL.exec(change.url);
  return match ? Number(match[2]) : undefined;
}

/** The changes of this walk still on the device: its taps, their photos, its finish. */
export function isWalkChange(walkId: number) {
  return (change: OutboxChange) => change.target?.type === 'walkthrough' && change.target.id === walkId;
}

/** What the phone made in this page's life, per device: the latest tap and how its recording went. */
interface SessionTap {
  clientId: string;
  result: WalkthroughResult;
  outcome: 'saving' | 'recorded' | 'refused';
  message?: string;
  /** The ids of its photos' changes, made before they are resized. */
  photoIds: string[];
  photoOutcome?: 'saving' | 'recorded' | 'refused';
  photoMessage?: string;
}

const RESULT_WORDS: Record<WalkthroughResult, string> = { pass: 'Pass', fail: 'Fail', not_accessible: 'Not accessible' };

/** A refusal the person reads on the row (a 4xx with the server's words), rather than a lost signal. */
function refusalMessage(error: unknown, fallback: string): string | undefined {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? serverMessage(error, fallback) : undefined;
}

function problemText(change: OutboxChange): string {
  return change.problem?.message ?? 'The server did not take it.';
}

function sameTap(a: LocalTap | undefined, b: LocalTap): boolean {
  return (
    a !== undefined &&
    a.clientId === b.clientId &&
    a.result === b.result &&
    a.state === b.state &&
    a.message === b.message &&
    a.photos?.state === b.photos?.state &&
    a.photos?.count === b.photos?.count &&
    a.photos?.message === b.photos?.message
  );
}

/**
 * The taps of one walk-through as this phone made them. Each is written to the device's outbox
 * before anything else happens (docs/offline.md), with its id made here (the tap's clientId and
 * the change's Idempotency-Key), then sent in order with every other recorded change; without
 * a signal it waits on the device, survives a reload or a closed browser, and is sent when the
 * network returns. A Fail's photos are resized here and kept as changes of their own that follow
 * the tap's deficiency. What the outbox still holds is laid over the walk as the server last
 * gave it, so the rows show every tap recorded.
 */
export function useTaps(walkId: number, propertyId: number, announce: (text: string) => void, describe: (deviceId: number) => string) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Record<number, SessionTap>>({});
  // Changes of this walk the server has accepted since the page opened, however they were sent.
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(() => new Set());
  const isThisWalk = useMemo(() => isWalkChange(walkId), [walkId]);
  const pending = usePendingChanges(isThisWalk);
  const announceRef = useRef(announce);
  const describeRef = useRef(describe);
  announceRef.current = announce;
  describeRef.current = describe;

  const patch = useCallback((deviceId: number, clientId: string, change: Partial<SessionTap>) => {
    setSession((current) => {
      const tap = current[deviceId];
      if (!tap || tap.clientId !== clientId) return current;
      return { ...current, [deviceId]: { ...tap, ...change } };
    });
  }, []);
  const markAccepted = useCallback((id: string) => setAccepted((current) => (current.has(id) ? current : new Set(current).add(id))), []);

  // The walk as cached takes each tap the server accepts, whether this page sent it or the
  // outbox did later (another tab, the service worker, the network coming back), so the rows
  // and a reload offline show it from the server's side too.
  useEffect(
    () =>
      listen((event) => {
        if (event.type !== 'accepted') return;
        const path = event.url.split('?')[0] ?? '';
        if (path.startsWith('/api/deficiencies/')) {
          markAccepted(event.id);
          return;
        }
        if (path === `/api/walkthroughs/${walkId}/finish`) {
          markAccepted(event.id);
          void queryClient.invalidateQueries({ queryKey: walkthroughKey(walkId) });
          return;
        }
        const match = TAP_URL.exec(path);
        if (!match || Number(match[1]) !== walkId) return;
        markAccepted(event.id);
        const saved = event.answer as WalkthroughTapResponse | null;
        if (!saved || typeof saved !== 'object') {
          void queryClient.invalidateQueries({ queryKey: walkthroughKey(walkId) });
          return;
        }
        queryClient.setQueryData<WalkthroughResponse>(walkthroughKey(walkId), (walk) =>
          walk && { ...walk, devices: walk.devices.map((d) => (d.deviceId === saved.deviceId ? { ...d, tap: saved } : d)) },
        );
      }),
    [walkId, queryClient, markAccepted],
  );

  /**
   * A Fail's photos, already resized, each kept as a change of its own right after its tap and
   * before any answer is awaited, so a closed tab never leaves a Fail without its photo. Each is
   * sent to the tap's deficiency by a reference to the tap's answer, which the outbox fills in.
   */
  const recordPhotos = useCallback(
    async (deviceId: number, tapId: string, blobs: Blob[], photoIds: string[]) => {
      const tag = describeRef.current(deviceId);
      let kept = false;
      try {
        for (const [index, blob] of blobs.entries()) {
          const sent = await record({
            id: photoIds[index],
            kind: 'photo',
            method: 'POST',
            url: `/api/deficiencies/{ref:${tapId}:deficiencyId}/photos`,
            photo: { blob, contentType: blob.type || 'image/jpeg' },
            dependsOn: [tapId],
            label: blobs.length === 1 ? `Photo: ${tag}` : `Photo ${index + 1} of ${blobs.length}: ${tag}`,
            propertyId,
            target: { type: 'walkthrough', id: walkId },
          });
          if (sent.sent) markAccepted(photoIds[index]!);
          else kept = true;
        }
        patch(deviceId, tapId, { photoOutcome: 'recorded' });
        announceRef.current(kept ? `Photo for ${tag}: ${KEPT_TEXT}` : `${blobs.length === 1 ? 'Photo' : `${blobs.length} photos`} saved for ${tag}`);
      } catch (error) {
        const message = refusalMessage(error, 'The photo was refused.') ?? 'The photo could not be saved on this device.';
        patch(deviceId, tapId, { photoOutcome: 'refused', photoMessage: message });
        announceRef.current(`Photo not saved for ${tag}: ${message}`);
      }
    },
    [walkId, propertyId, patch, markAccepted],
  );

  const tap = useCallback(
    (deviceId: number, input: Omit<WalkthroughTapInput, 'clientId'> & { result: WalkthroughResult }, photos: File[] = []) => {
      const clientId = newIdempotencyKey();
      const photoIds = photos.map(() => newIdempotencyKey());
      const body: TapBody = { ...input, clientId };
      setSession((current) => ({
        ...current,
        [deviceId]: { clientId, result: input.result, outcome: 'saving', photoIds, photoOutcome: photos.length ? 'saving' : undefined },
      }));
      const tag = describeRef.current(deviceId);
      void (async () => {
        // Photos are resized first (a moment), so the tap and its photos are kept one after the
        // other before anything is sent; a photo that cannot be decoded here goes as it is.
        const blobs = await Promise.all(photos.map((file) => resizePhoto(file).catch((): Blob => file)));
        const sending = record<WalkthroughTapResponse>({
          id: clientId,
          kind: 'tap',
          method: 'PUT',
          url: tapUrl(walkId, deviceId),
          body,
          label: `${RESULT_WORDS[input.result]}: ${tag}`,
          propertyId,
          target: { type: 'walkthrough', id: walkId },
        });
        if (blobs.length) void recordPhotos(deviceId, clientId, blobs, photoIds);
        sending.then(
          (outcome) => {
            patch(deviceId, clientId, { outcome: 'recorded', message: undefined });
            if (outcome.sent) markAccepted(clientId);
            else announceRef.current(`${tag}: ${KEPT_TEXT}`);
          },
          (error: unknown) => {
            const message = refusalMessage(error, 'The tap was refused.') ?? 'The tap could not be saved on this device.';
            patch(deviceId, clientId, { outcome: 'refused', message });
            announceRef.current(`Not saved for ${tag}: ${message}`);
          },
        );
      })();
    },
    [walkId, propertyId, patch, recordPhotos, markAccepted],
  );

  // Taps an earlier version of the app kept in localStorage move into the outbox once, with the
  // ids they were made with, so an update never loses a tap made before it.
  useEffect(() => {
    const key = `firemark.walkthrough.${walkId}.unsaved`;
    let kept: [number, TapBody][] = [];
    try {
      kept = JSON.parse(localStorage.getItem(key) ?? '[]') as [number, TapBody][];
    } catch {
      kept = [];
    }
    if (!Array.isArray(kept) || kept.length === 0) return;
    let cancelled = false;
    void (async () => {
      // The outbox takes changes once it knows who is signed in, which the app learns just
      // after this page opens: until every tap is in, they stay in localStorage and are tried again.
      for (let attempt = 0; attempt < 30 && !cancelled && kept.length > 0; attempt++) {
        const left: [number, TapBody][] = [];
        for (const [deviceId, body] of kept) {
          const moved = await record(
            {
              id: body.clientId,
              kind: 'tap',
              method: 'PUT',
              url: tapUrl(walkId, deviceId),
              body,
              label: `${RESULT_WORDS[body.result]}: ${describeRef.current(deviceId)}`,
              propertyId,
              target: { type: 'walkthrough', id: walkId },
            },
            { waitMs: 0 },
          ).then(
            () => true,
            // Refused as wrong by the server (it was sent at once): nothing to keep it for.
            (error: unknown) => isApiError(error) && error.status !== 401,
          );
          if (!moved) left.push([deviceId, body]);
        }
        kept = left;
        if (left.length === 0) localStorage.removeItem(key);
        else {
          localStorage.setItem(key, JSON.stringify(left));
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [walkId, propertyId]);

  const last = useRef<Record<number, LocalTap>>({});
  const taps = useMemo(() => {
    const byId = new Map(pending.map((c) => [c.id, c]));
    const pendingTaps = new Map<number, OutboxChange>();
    const photosOf = new Map<string, OutboxChange[]>();
    for (const change of pending) {
      if (change.kind === 'tap') {
        const deviceId = deviceOf(change);
        const before = deviceId === undefined ? undefined : pendingTaps.get(deviceId);
        if (deviceId !== undefined && (!before || before.seq < change.seq)) pendingTaps.set(deviceId, change);
      } else if (change.kind === 'photo') {
        for (const id of change.dependsOn ?? []) photosOf.set(id, [...(photosOf.get(id) ?? []), change]);
      }
    }

    const next: Record<number, LocalTap> = {};
    const devices = new Set([...Object.keys(session).map(Number), ...pendingTaps.keys()]);
    for (const deviceId of devices) {
      const own = session[deviceId];
      const kept = pendingTaps.get(deviceId);
      let tap: LocalTap;
      if (own) {
        // This page's tap is the newest: one kept from before a reload is older than any made since.
        const stored = byId.get(own.clientId);
        let state: TapState;
        let message = own.message;
        if (own.outcome === 'saving' || own.outcome === 'refused') state = own.outcome;
        else if (accepted.has(own.clientId)) state = 'saved';
        else if (stored && stored.state !== 'waiting') {
          state = 'refused';
          message = problemText(stored);
        } else state = 'kept';
        tap = { clientId: own.clientId, result: own.result, state, message };
        if (own.photoIds.length) {
          const refused = own.photoIds.map((id) => byId.get(id)).find((c) => c && c.state !== 'waiting');
          let photoState: PhotoState;
          let photoMessage = own.photoMessage;
          if (refused) {
            photoState = 'refused';
            photoMessage = problemText(refused);
          } else if (own.photoOutcome === 'refused' || own.photoOutcome === 'saving') photoState = own.photoOutcome;
          else if (own.photoIds.every((id) => accepted.has(id))) photoState = 'saved';
          else photoState = 'kept';
          tap.photos = { state: photoState, count: own.photoIds.length, message: photoMessage };
        }
      } else if (kept) {
        const body = kept.body as TapBody;
        tap = {
          clientId: kept.id,
          result: body.result,
          state: kept.state === 'waiting' ? 'kept' : 'refused',
          message: kept.state === 'waiting' ? undefined : problemText(kept),
        };
        const photos = photosOf.get(kept.id) ?? [];
        if (photos.length) {
          const refused = photos.find((c) => c.state !== 'waiting');
          tap.photos = { state: refused ? 'refused' : 'kept', count: photos.length, message: refused ? problemText(refused) : undefined };
        }
      } else continue;
      // The same object while nothing about it changed, so only the rows that changed are drawn again.
      next[deviceId] = sameTap(last.current[deviceId], tap) ? last.current[deviceId]! : tap;
    }
    last.current = next;
    return next;
  }, [session, pending, accepted]);

  const pendingFinish = pending.find((c) => c.kind === 'walk-finish');
  const waitingCount = Object.values(taps).filter((t) => t.state === 'kept').length;
  const savingCount = Object.values(taps).filter((t) => t.state === 'saving').length;
  return { taps, tap, waitingCount, savingCount, pendingFinish };
}
