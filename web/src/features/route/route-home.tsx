// Where the clinician's day starts and ends, for the Route view: read from their profile (the drives from
// and back home are then counted), or, when it is not known, taken from this device's location
// (navigator.geolocation, no map service, works without a network) and saved to the profile; changed or
// forgotten the same way. A read that fails or hangs never blocks the plan: it is then planned without the home,
// as the report says. The place is personal data: never logged, never in a URL, shown only as its label.
import { useEffect, useId, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import {
  createDayStartActors,
  DAY_START_MESSAGES,
  type DayStartView,
  dayStartMachine,
  type HomeStatus,
  toDayStartView,
} from '../../../../machines/day-start/index.ts';
import type { ProfileHome, ProfileHomeStore } from '../../adapters/profile-home.ts';
import { translateMachineText } from '../../i18n/machine-text.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';

export { HOME_READ_TIMEOUT_MS } from '../../../../machines/day-start/index.ts';
export type { HomeStatus };

/** How long the browser may take to find the device (a fix up to five minutes old will do). */
export const LOCATE_TIMEOUT_MS = 20_000;
export const LOCATE_MAX_AGE_MS = 5 * 60_000;
/** Saved to about 10 m: plenty for drive estimates, no more precise than needed. */
const COORDINATE_DECIMALS = 4;

export interface DayStart extends DayStartView {
  locateAndSave(): void;
  forget(): void;
  retryRead(): void;
}

const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));

/** Why the device's position is not known (the day-start machine keeps the sentence; the view says it in its language). */
export const LOCATE_MESSAGES = {
  noGeolocation: 'This browser cannot share your location.',
  denied:
    'Location access was not allowed, so nothing was saved. You can allow it in your browser’s site settings and try again.',
  timeout: 'Finding your location took too long, so nothing was saved. Try again.',
  unavailable: 'Your location could not be found, so nothing was saved. Try again.',
} as const;

/** The device's position, or an Error whose message tells the clinician what happened. */
export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<{ lat: number; lng: number }> {
  if (!geolocation) return Promise.reject(new Error(LOCATE_MESSAGES.noGeolocation));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) }),
      (error) =>
        reject(
          new Error(
            error.code === 1
              ? LOCATE_MESSAGES.denied
              : error.code === 3
                ? LOCATE_MESSAGES.timeout
                : LOCATE_MESSAGES.unavailable,
          ),
        ),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  });
}

const LOADING: DayStartView = {
  status: 'loading',
  home: null,
  saved: true,
  busy: null,
  message: null,
  canChange: true,
};

/**
 * The day's start: `fixed` when the caller knows it, else the profile's (through `store`, run by the day-start
 * machine), else unknown. `geolocation` is injectable for tests.
 */
export function useDayStart(
  store: ProfileHomeStore | null,
  fixed: ProfileHome | null,
  geolocation?: Geolocation,
): DayStart {
  const runs = store !== null && fixed === null;
  const [view, setView] = useState<DayStartView>(LOADING);
  const actorRef = useRef<Actor<typeof dayStartMachine> | null>(null);

  useEffect(() => {
    if (!store || fixed) return;
    const actor = createActor(
      dayStartMachine.provide({
        actors: createDayStartActors({
          readHome: (signal) => store.read(signal),
          locate: () =>
            currentPosition(geolocation ?? (typeof navigator === 'undefined' ? undefined : navigator.geolocation)),
          saveHome: async (home) => (await store.save(home)) ?? undefined,
        }),
      }),
    );
    const show = () => {
      const next = toDayStartView(actor.getSnapshot());
      setView((shown) => (sameView(shown, next) ? shown : next));
    };
    const subscription = actor.subscribe(show);
    actor.start();
    show();
    actorRef.current = actor;
    // Leaving (or another store) stops the machine: a read or save under way is abandoned, its signal aborted.
    return () => {
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [store, fixed, geolocation]);

  const send = (type: 'home.locate' | 'home.forget' | 'home.retry') => () => actorRef.current?.send({ type });
  const actions = { locateAndSave: send('home.locate'), forget: send('home.forget'), retryRead: send('home.retry') };
  if (fixed)
    return { status: 'known', home: fixed, saved: true, busy: null, message: null, canChange: false, ...actions };
  if (!runs)
    return { status: 'unknown', home: null, saved: true, busy: null, message: null, canChange: false, ...actions };
  return { ...view, ...actions };
}

function sameView(a: DayStartView, b: DayStartView): boolean {
  return (
    a.status === b.status &&
    a.home === b.home &&
    a.saved === b.saved &&
    a.busy === b.busy &&
    a.message === b.message &&
    a.canChange === b.canChange
  );
}

/** The block's message (the machine's sentence, or why the device could not be located) in the dashboard's language. */
function startMessage(t: Translate, message: string): string {
  const machine = translateMachineText(t, 'machines.dayStart', DAY_START_MESSAGES, message);
  return machine === message ? translateMachineText(t, 'route.home.locate', LOCATE_MESSAGES, message) : machine;
}

/** The Route view's "Start and end of your day" block. */
export function DayStartControls({ start }: { start: DayStart }) {
  const t = useT();
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
  const place = start.home?.label ?? t('route.home.savedPlace');

  return (
    <section className="route-home" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('route.home.title')}</h4>
      {start.status === 'known' ? (
        <p className="route-home__place">
          {start.saved ? t('route.home.savedAt', { place }) : t('route.home.current')}
        </p>
      ) : start.status === 'unreadable' ? (
        <p className="route-home__place">{t('route.home.unreadable')}</p>
      ) : (
        <p className="route-home__place">{t('route.home.unknown')}</p>
      )}
      {start.canChange ? (
        <div className="route-home__actions">
          {start.status === 'unreadable' ? (
            <button type="button" className="button button--secondary" onClick={start.retryRead}>
              {t('route.home.tryAgain')}
            </button>
          ) : (
            <button
              type="button"
              className={`button ${start.status === 'known' ? 'button--secondary' : 'button--primary'}`}
              aria-disabled={busy}
              onClick={start.locateAndSave}
            >
              {t(start.status === 'known' ? 'route.home.useCurrentInstead' : 'route.home.useCurrentAsStart')}
            </button>
          )}
          {start.status === 'known' && start.saved ? (
            <button type="button" className="button button--secondary" aria-disabled={busy} onClick={start.forget}>
              {t('route.home.forget')}
            </button>
          ) : null}
        </div>
      ) : null}
      {start.canChange && start.status === 'unknown' ? (
        <p className="route-home__hint">{t('route.home.hint')}</p>
      ) : null}
      <p ref={messageRef} className="route-home__message" role="status" tabIndex={-1}>
        {start.message ? startMessage(t, start.message) : ''}
      </p>
    </section>
  );
}
