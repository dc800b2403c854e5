// Where the clinician's day starts and ends, for the Route view: read from their profile (the drives from
// and back home are then counted), or, when it is not known, taken from this device's location
// (navigator.geolocation, no map service, works without a network) and saved to the profile; changed or
// forgotten the same way. A read that fails or hangs never blocks the plan: it is then planned without the home,
// as the report says. The place is personal data: never logged, never in a URL, shown only as its label.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ProfileHome, ProfileHomeStore } from '../../adapters/profile-home.ts';

/** A profile read still unanswered after this long is given up: the day is planned without the home. */
export const HOME_READ_TIMEOUT_MS = 5_000;
/** How long the browser may take to find the device (a fix up to five minutes old will do). */
export const LOCATE_TIMEOUT_MS = 20_000;
export const LOCATE_MAX_AGE_MS = 5 * 60_000;
/** Saved to about 10 m: plenty for drive estimates, no more precise than needed. */
const COORDINATE_DECIMALS = 4;

export type HomeStatus = 'loading' | 'known' | 'unknown' | 'unreadable';

export interface DayStart {
  status: HomeStatus;
  home: ProfileHome | null;
  /** False when the place is used for this plan only (the save failed). */
  saved: boolean;
  busy: 'locating' | 'saving' | null;
  /** The last action's outcome, shown (and focused) under the controls. */
  message: string | null;
  /** True when the place can be set, changed or forgotten here (a profile store is available). */
  canChange: boolean;
  locateAndSave(): void;
  forget(): void;
  retryRead(): void;
}

const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));

class LocateError extends Error {}

/** The device's position, or a LocateError whose message tells the clinician what happened. */
export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<{ lat: number; lng: number }> {
  if (!geolocation) return Promise.reject(new LocateError('This browser cannot share your location.'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) }),
      (error) =>
        reject(
          new LocateError(
            error.code === 1
              ? 'Location access was not allowed, so nothing was saved. You can allow it in your browser’s site settings and try again.'
              : error.code === 3
                ? 'Finding your location took too long, so nothing was saved. Try again.'
                : 'Your location could not be found, so nothing was saved. Try again.',
          ),
        ),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  });
}

function readWithTimeout(store: ProfileHomeStore, signal: AbortSignal): Promise<ProfileHome | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), HOME_READ_TIMEOUT_MS);
    store.read(signal).then(
      (home) => {
        clearTimeout(timer);
        resolve(home);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The day's start: `fixed` when the caller knows it, else the profile's (through `store`), else unknown.
 * `geolocation` is injectable for tests.
 */
export function useDayStart(
  store: ProfileHomeStore | null,
  fixed: ProfileHome | null,
  geolocation?: Geolocation,
): DayStart {
  const [status, setStatus] = useState<HomeStatus>(fixed ? 'known' : store ? 'loading' : 'unknown');
  const [home, setHome] = useState<ProfileHome | null>(fixed);
  const [saved, setSaved] = useState(true);
  const [busy, setBusy] = useState<DayStart['busy']>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` counts Try again presses: each reads again
  useEffect(() => {
    if (fixed || !store) return;
    const controller = new AbortController();
    setStatus('loading');
    readWithTimeout(store, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setHome(found);
        setSaved(true);
        setStatus(found ? 'known' : 'unknown');
      },
      () => {
        // Not logged: the error could only say that the profile was not read; the view says what it means.
        if (!controller.signal.aborted) setStatus('unreadable');
      },
    );
    return () => controller.abort();
  }, [store, fixed, reads]);

  const locateAndSave = useCallback(() => {
    if (!store || busy) return;
    setBusy('locating');
    setMessage('Finding your location…');
    currentPosition(geolocation ?? (typeof navigator === 'undefined' ? undefined : navigator.geolocation))
      .then(async (position) => {
        if (!mounted.current) return;
        const place: ProfileHome = { label: null, ...position };
        setBusy('saving');
        setMessage('Saving it to your profile…');
        try {
          const stored = (await store.save(place)) ?? place;
          if (!mounted.current) return;
          setHome(stored);
          setSaved(true);
          setStatus('known');
          setMessage('Saved: your day starts and ends here, and the drives from and back home are now counted.');
        } catch {
          if (!mounted.current) return;
          // The place still serves this plan; only keeping it failed.
          setHome(place);
          setSaved(false);
          setStatus('known');
          setMessage(
            'Your location is used for this plan, but it could not be saved to your profile: you will be asked again next time.',
          );
        }
      })
      .catch((error: unknown) => {
        if (mounted.current)
          setMessage(error instanceof LocateError ? error.message : 'Your location could not be found.');
      })
      .finally(() => {
        if (mounted.current) setBusy(null);
      });
  }, [store, busy, geolocation]);

  const forget = useCallback(() => {
    if (!store || busy) return;
    setBusy('saving');
    setMessage('Forgetting it…');
    store.save(null).then(
      () => {
        if (!mounted.current) return;
        setHome(null);
        setSaved(true);
        setStatus('unknown');
        setMessage('Forgotten: the drives from and back home are no longer counted.');
        setBusy(null);
      },
      () => {
        if (!mounted.current) return;
        setMessage('It could not be forgotten just now: your profile still holds it. Try again.');
        setBusy(null);
      },
    );
  }, [store, busy]);

  const retryRead = useCallback(() => {
    setMessage(null);
    setReads((n) => n + 1);
  }, []);

  return {
    status: fixed ? 'known' : status,
    home: fixed ?? home,
    saved: fixed ? true : saved,
    busy,
    message,
    canChange: store !== null && fixed === null,
    locateAndSave,
    forget,
    retryRead,
  };
}

/** The Route view's "Start and end of your day" block. */
export function DayStartControls({ start }: { start: DayStart }) {
  const titleId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  const wasBusy = useRef(false);
  // When an action ends its controls change: focus goes to what happened, not to <body>.
  useEffect(() => {
    if (wasBusy.current && start.busy === null) messageRef.current?.focus();
    wasBusy.current = start.busy !== null;
  }, [start.busy]);
  if (start.status === 'loading') return null;
  const busy = start.busy !== null;
  const place = start.home?.label ?? 'the location you saved';

  return (
    <section className="route-home" aria-labelledby={titleId}>
      <h4 id={titleId}>Start and end of your day</h4>
      {start.status === 'known' ? (
        <p className="route-home__place">
          {start.saved
            ? `Your day starts and ends at ${place}: the drives from and back home are counted.`
            : 'Your day starts and ends at your current location (not saved): the drives from and back home are counted.'}
        </p>
      ) : start.status === 'unreadable' ? (
        <p className="route-home__place">
          Where your day starts could not be read just now, so the drives from and back home are not counted.
        </p>
      ) : (
        <p className="route-home__place">
          Where your day starts is not known, so the drives from and back home are not counted.
        </p>
      )}
      {start.canChange ? (
        <div className="route-home__actions">
          {start.status === 'unreadable' ? (
            <button type="button" className="button button--secondary" onClick={start.retryRead}>
              Try again
            </button>
          ) : (
            <button
              type="button"
              className={`button ${start.status === 'known' ? 'button--secondary' : 'button--primary'}`}
              aria-disabled={busy}
              onClick={start.locateAndSave}
            >
              {start.status === 'known'
                ? 'Use my current location instead'
                : 'Use my current location as the start of the day'}
            </button>
          )}
          {start.status === 'known' && start.saved ? (
            <button type="button" className="button button--secondary" aria-disabled={busy} onClick={start.forget}>
              Forget this location
            </button>
          ) : null}
        </div>
      ) : null}
      {start.canChange && start.status === 'unknown' ? (
        <p className="route-home__hint">
          Your browser asks before sharing it. It is kept on your profile, not shared with other clinicians, and never
          sent to a map service.
        </p>
      ) : null}
      <p ref={messageRef} className="route-home__message" role="status" tabIndex={-1}>
        {start.message ?? ''}
      </p>
    </section>
  );
}
