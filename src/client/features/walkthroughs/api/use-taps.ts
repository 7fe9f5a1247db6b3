import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WalkthroughResult } from '@shared/devices';
import type { WalkthroughResponse, WalkthroughTapInput, WalkthroughTapResponse } from '@shared/schemas/walkthrough';
import { api, isApiError, serverMessage } from '@/lib/api';
import { uploadPhoto } from '@/features/records/api/record-queries';
import { walkthroughKey } from './walkthrough-queries';

/** Where a tap made on this phone stands. */
export type TapState = 'saving' | 'retrying' | 'saved' | 'refused';
export type PhotoState = 'uploading' | 'retrying' | 'saved' | 'refused';

export interface LocalTap {
  clientId: string;
  result: WalkthroughResult;
  state: TapState;
  /** Why the server refused it (the walk was finished, a field was wrong). */
  message?: string;
  deficiencyId: number | null;
  photos?: { state: PhotoState; count: number; message?: string };
}

interface Wanted {
  body: WalkthroughTapInput & { clientId: string; result: WalkthroughResult };
  photos: File[];
}

const storageKey = (walkId: number) => `firemark.walkthrough.${walkId}.unsaved`;

/** Taps not yet saved, kept on the phone so that a reload or a lost signal never loses one. */
function readUnsaved(walkId: number): [number, Wanted['body']][] {
  try {
    const text = localStorage.getItem(storageKey(walkId));
    return text ? (JSON.parse(text) as [number, Wanted['body']][]) : [];
  } catch {
    return [];
  }
}

function writeUnsaved(walkId: number, wanted: Map<number, Wanted>): void {
  try {
    if (wanted.size === 0) localStorage.removeItem(storageKey(walkId));
    else localStorage.setItem(storageKey(walkId), JSON.stringify([...wanted].map(([deviceId, w]) => [deviceId, w.body])));
  } catch {
    // Storage full or refused (private mode): the tap is still retried while the page is open.
  }
}

/**
 * A refusal the server will give again however often it is asked (bad input, a finished walk,
 * no permission). Anything else (no signal, a server error, a timeout, a lapsed session) is
 * tried again.
 */
function refused(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/**
 * Waits before the next try: at most `ms`, less if the phone comes back online, a new tap is
 * made (it may replace the one waiting) or the page goes.
 */
function pause(ms: number, signal: AbortSignal, wake: EventTarget): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      wake.removeEventListener('tap', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    wake.addEventListener('tap', done);
    signal.addEventListener('abort', done);
  });
}

const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000);

/**
 * The taps of one walk-through as this phone made them: each shows at once (optimistic), is
 * sent with an id the phone made for it, so a retry after a lost answer is recorded once,
 * and is retried until saved. Taps on one device are sent one after the other, the latest
 * winning. A Fail's photos go to its deficiency once the tap is saved.
 */
export function useTaps(walkId: number, announce: (text: string) => void, describe: (deviceId: number) => string) {
  const queryClient = useQueryClient();
  const [taps, setTaps] = useState<Record<number, LocalTap>>({});
  const wanted = useRef(new Map<number, Wanted>());
  const sending = useRef(new Set<number>());
  const stop = useRef(new AbortController());
  const wake = useRef(new EventTarget());
  const announceRef = useRef(announce);
  const describeRef = useRef(describe);
  announceRef.current = announce;
  describeRef.current = describe;

  const patch = useCallback((deviceId: number, clientId: string, change: Partial<LocalTap>) => {
    setTaps((current) => {
      const tap = current[deviceId];
      if (!tap || tap.clientId !== clientId) return current;
      return { ...current, [deviceId]: { ...tap, ...change } };
    });
  }, []);

  const uploadPhotos = useCallback(
    async (deviceId: number, clientId: string, deficiencyId: number, photos: File[]) => {
      const signal = stop.current.signal;
      let saved = 0;
      patch(deviceId, clientId, { photos: { state: 'uploading', count: photos.length } });
      for (const photo of photos) {
        for (let attempt = 0; !signal.aborted; attempt++) {
          try {
            await uploadPhoto(deficiencyId, photo);
            saved++;
            break;
          } catch (error) {
            if (refused(error)) {
              const message = serverMessage(error, 'The photo was refused.');
              patch(deviceId, clientId, { photos: { state: 'refused', count: photos.length, message } });
              announceRef.current(`Photo not saved for ${describeRef.current(deviceId)}: ${message}`);
              return;
            }
            patch(deviceId, clientId, { photos: { state: 'retrying', count: photos.length } });
            await pause(backoff(attempt), signal, wake.current);
          }
        }
      }
      if (signal.aborted) return;
      patch(deviceId, clientId, { photos: { state: 'saved', count: saved } });
      announceRef.current(`${saved === 1 ? 'Photo' : `${saved} photos`} saved for ${describeRef.current(deviceId)}`);
    },
    [patch],
  );

  const send = useCallback(
    async (deviceId: number) => {
      if (sending.current.has(deviceId)) return;
      sending.current.add(deviceId);
      const signal = stop.current.signal;
      try {
        for (let entry = wanted.current.get(deviceId); entry && !signal.aborted; entry = wanted.current.get(deviceId)) {
          const { body, photos } = entry;
          for (let attempt = 0; !signal.aborted && wanted.current.get(deviceId) === entry; attempt++) {
            try {
              const saved = await api.put<WalkthroughTapResponse>(`/api/walkthroughs/${walkId}/results/${deviceId}`, body);
              if (wanted.current.get(deviceId) === entry) {
                wanted.current.delete(deviceId);
                writeUnsaved(walkId, wanted.current);
              }
              patch(deviceId, body.clientId, { state: 'saved', message: undefined, deficiencyId: saved.deficiencyId });
              // The walk as cached holds the saved tap too, so coming back to the page within the app shows it.
              queryClient.setQueryData<WalkthroughResponse>(walkthroughKey(walkId), (walk) =>
                walk && { ...walk, devices: walk.devices.map((d) => (d.deviceId === deviceId ? { ...d, tap: saved } : d)) },
              );
              if (photos.length && saved.deficiencyId) void uploadPhotos(deviceId, body.clientId, saved.deficiencyId, photos);
              break;
            } catch (error) {
              if (refused(error)) {
                const message = serverMessage(error, 'The tap was refused.');
                if (wanted.current.get(deviceId) === entry) {
                  wanted.current.delete(deviceId);
                  writeUnsaved(walkId, wanted.current);
                }
                patch(deviceId, body.clientId, { state: 'refused', message });
                announceRef.current(`Not saved for ${describeRef.current(deviceId)}: ${message}`);
                break;
              }
              patch(deviceId, body.clientId, { state: 'retrying' });
              if (attempt === 0) announceRef.current(`Not saved yet, retrying: ${describeRef.current(deviceId)}`);
              await pause(backoff(attempt), signal, wake.current);
            }
          }
        }
      } finally {
        sending.current.delete(deviceId);
      }
    },
    [walkId, patch, uploadPhotos, queryClient],
  );

  const tap = useCallback(
    (deviceId: number, input: Omit<WalkthroughTapInput, 'clientId'> & { result: WalkthroughResult }, photos: File[] = []) => {
      const clientId = crypto.randomUUID();
      const body = { ...input, clientId };
      wanted.current.set(deviceId, { body, photos });
      writeUnsaved(walkId, wanted.current);
      setTaps((current) => ({ ...current, [deviceId]: { clientId, result: input.result, state: 'saving', deficiencyId: null } }));
      wake.current.dispatchEvent(new Event('tap'));
      void send(deviceId);
    },
    [walkId, send],
  );

  // Taps a reload or a closed tab left unsaved are sent again, with the ids they were made with.
  useEffect(() => {
    const controller = new AbortController();
    stop.current = controller;
    const unsaved = readUnsaved(walkId);
    if (unsaved.length) {
      setTaps((current) => {
        const next = { ...current };
        for (const [deviceId, body] of unsaved) next[deviceId] = { clientId: body.clientId, result: body.result, state: 'retrying', deficiencyId: null };
        return next;
      });
      for (const [deviceId, body] of unsaved) {
        if (!wanted.current.has(deviceId)) wanted.current.set(deviceId, { body, photos: [] });
        void send(deviceId);
      }
    }
    return () => controller.abort();
  }, [walkId, send]);

  const unsavedCount = Object.values(taps).filter((t) => t.state === 'saving' || t.state === 'retrying').length;
  return { taps, tap, unsavedCount };
}
