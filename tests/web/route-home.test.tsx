// @vitest-environment happy-dom
// Issue 15: the Route view knows where the clinician's day starts and ends from their profile. With a
// profile home its totals count the drives from and back home, exactly as planDay with that home gives
// them; without one (or when the profile cannot be read) it says they are not counted; "Use my current
// location as the start of the day" saves this device's position to the profile and then counts them;
// the place can be forgotten again.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MOVE_RULE, planDay, type RouteReport } from '../../core/routing/index.ts';
import type { CalendarEvent } from '../../machines/schedule/index.ts';
import type { ProfileHome, ProfileHomeStore } from '../../web/src/adapters/profile-home.ts';
import { formatClock } from '../../web/src/components/time-format.ts';
import { HOME_READ_TIMEOUT_MS } from '../../web/src/features/route/route-home.tsx';
import { milesText } from '../../web/src/features/route/route-plan.ts';
import { RouteView } from '../../web/src/features/route/route-view.tsx';
import { englishIntl, I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { translator } from '../../web/src/i18n/use-t.ts';
import { chicago, resetTestNow, useFakeTimersAt } from '../support/test-clock.ts';
import { deferred } from './web-test-kit.tsx';

/** The Route view's sentence builders in English (what the view shows outside a provider). */
const en = translator(englishIntl);

const DAY = '2026-11-24';

function visit(id: string, title: string, start: string, end: string, lat: number, lng: number): CalendarEvent {
  return {
    id,
    title,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    location: `${id.toUpperCase()} Street 1, Chicago, IL`,
    properties: { lat: String(lat), lng: String(lng), windowStart: '08:00', windowEnd: '17:00', flexible: 'true' },
  };
}

const EVENTS: CalendarEvent[] = [
  visit('a', 'Wound care — Maria Lopez', '08:30', '09:15', 41.9214, -87.7134),
  visit('b', 'PT follow-up — Sam Lee', '09:45', '10:30', 41.9231, -87.6331),
  visit('c', 'Vitals — Ann Ray', '11:00', '11:30', 41.9102, -87.7205),
  visit('d', 'Medication review — Joe Kim', '12:15', '13:00', 41.9088, -87.6298),
];

/** A home well south of the visits: the legs from and back home are long and cannot go unnoticed. */
const HOME: ProfileHome = { label: '1200 W Cermak Rd, Chicago, IL 60608', lat: 41.8527, lng: -87.6565 };
const HERE = { latitude: 41.87812345, longitude: -87.62979876 };
const HERE_SAVED: ProfileHome = { label: null, lat: 41.8781, lng: -87.6298 };

/** The plan is made the day before (the default rule keeps the times of today's visits only). */
const PLANNED_ON = '2026-11-23';

const planWith = (home: ProfileHome | null): RouteReport =>
  planDay(EVENTS, DAY, {
    ...(home ? { home: { lat: home.lat, lon: home.lng, label: 'Home' } } : {}),
    rule: { rule: DEFAULT_MOVE_RULE, today: PLANNED_ON },
  }).report as RouteReport;

function fakeStore(
  read: (signal?: AbortSignal) => Promise<ProfileHome | null>,
  save?: (home: ProfileHome | null) => Promise<unknown>,
) {
  return {
    read: vi.fn(read),
    save: vi.fn(async (home: ProfileHome | null) => {
      await save?.(home);
      return home;
    }),
  } satisfies ProfileHomeStore;
}

function fakeGeolocation(answer: { coords: typeof HERE } | { code: number }): Geolocation {
  return {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if ('coords' in answer) ok({ coords: answer.coords, timestamp: 0 } as unknown as GeolocationPosition);
      else fail?.({ code: answer.code, message: 'no' } as GeolocationPositionError);
    }),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation;
}

/** The totals as shown: label → text. */
function totals(): Record<string, string> {
  const dl = document.querySelector('.route-summary__totals') as HTMLElement;
  return Object.fromEntries(
    [...dl.querySelectorAll('div')].map((d) => [
      d.querySelector('dt')?.textContent ?? '',
      d.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

function expectTotalsOf(report: RouteReport) {
  expect(totals()).toEqual({
    'Driving, optimised': `${Math.round(report.travelAfterMinutes)} min`,
    'Driving, calendar order': `${Math.round(report.travelBeforeMinutes)} min`,
    // The miles over the same legs (from and back home when it is known).
    'Miles, optimised': milesText(en, report.distanceAfterKm),
    'Miles, calendar order': milesText(en, report.distanceBeforeKm),
    [report.countsHomeLegs ? 'Back home' : 'Last visit ends']: formatClock(report.optimized.finish),
  });
}

const NOT_COUNTED = 'Driving between visits only: the drive from and back home is not counted (the home is not known).';
const COUNTED = 'Driving counted from home, between visits and back home.';

afterEach(cleanup);
afterEach(() => resetTestNow());

describe('Route view with the clinician’s profile home', () => {
  it('counts the drives from and back home, with the totals planDay gives for that home', async () => {
    const withHome = planWith(HOME);
    const without = planWith(null);
    // The legs from and back home change the numbers: a view that ignored the home would show others.
    expect(withHome.travelAfterMinutes - without.travelAfterMinutes).toBeGreaterThan(10);
    const read = deferred<ProfileHome | null>();
    const store = fakeStore(() => read.promise);
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} homeStore={store} />);

    // Until the profile answers, the plan waits (no visits-only numbers flash up first).
    expect(screen.getByText('Planning the route...')).toBeTruthy();
    expect(document.querySelector('.route-summary__totals')).toBeNull();
    await act(async () => read.resolve(HOME));

    expectTotalsOf(withHome);
    expect(document.body.textContent).toContain(COUNTED);
    expect(document.body.textContent).not.toContain('is not counted');
    expect(
      screen.getByText(`Your day starts and ends at ${HOME.label}: the drives from and back home are counted.`),
    ).toBeTruthy();
    const first = within(screen.getByRole('list', { name: 'Optimised order' })).getAllByRole('listitem')[0];
    expect(first?.textContent).toContain(
      `Drive ${Math.round(withHome.optimized.stops[0]?.travelFromPreviousMinutes ?? Number.NaN)} min from home`,
    );
    // It can be changed or forgotten; it is not offered as unknown.
    expect(screen.getByRole('button', { name: 'Use my current location instead' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forget this location' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use my current location as the start of the day' })).toBeNull();
    expect(store.read).toHaveBeenCalledTimes(1);
  });

  it('says the drives from and back home are not counted when the profile has no home, and offers to set it', async () => {
    const store = fakeStore(async () => null);
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} homeStore={store} />);
    await screen.findByRole('button', { name: 'Use my current location as the start of the day' });
    expectTotalsOf(planWith(null));
    expect(document.body.textContent).toContain(NOT_COUNTED);
    expect(
      screen.getByText('Where your day starts is not known, so the drives from and back home are not counted.'),
    ).toBeTruthy();
    expect(screen.getByText(/kept on your profile, not shared with other clinicians/)).toBeTruthy();
  });

  it('plans without the home, and says so, when the profile cannot be read or does not answer', async () => {
    const failing = fakeStore(async () => {
      throw new Error('PGRST301');
    });
    const { unmount } = render(
      <RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} homeStore={failing} />,
    );
    await screen.findByText(/could not be read just now, so the drives from and back home are not counted/);
    expectTotalsOf(planWith(null));
    expect(document.body.textContent).toContain(NOT_COUNTED);
    // Try again reads once more.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(failing.read).toHaveBeenCalledTimes(2));
    unmount();

    // The morning of the visits, before the first one.
    useFakeTimersAt(chicago(DAY, '07:30'));
    const hanging = fakeStore(() => new Promise(() => {}));
    render(<RouteView today={PLANNED_ON} day={DAY} events={EVENTS} onClose={() => {}} homeStore={hanging} />);
    await act(async () => vi.advanceTimersByTime(HOME_READ_TIMEOUT_MS - 1));
    expect(screen.getByText('Planning the route...')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Planning the route...')).toBeNull();
    expectTotalsOf(planWith(null));
    expect(document.body.textContent).toContain(NOT_COUNTED);
    // The signal given to the read is aborted when the view closes.
    const signal = hanging.read.mock.calls[0]?.[0];
    cleanup();
    expect(signal?.aborted).toBe(true);
  });
});

describe('setting the start of the day from this device', () => {
  it('saves the current location to the profile, then counts the drives from and back home', async () => {
    const store = fakeStore(async () => null);
    const geolocation = fakeGeolocation({ coords: HERE });
    render(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={EVENTS}
        onClose={() => {}}
        homeStore={store}
        geolocation={geolocation}
      />,
    );
    const use = await screen.findByRole('button', { name: 'Use my current location as the start of the day' });
    expectTotalsOf(planWith(null));
    await act(async () => fireEvent.click(use));

    // Saved to about 10 m, with no label (no map service is asked for an address).
    expect(store.save).toHaveBeenCalledTimes(1);
    expect(store.save).toHaveBeenCalledWith(HERE_SAVED);
    expectTotalsOf(planWith(HERE_SAVED));
    expect(document.body.textContent).toContain(COUNTED);
    const message = screen.getByRole('status', { name: '' }) as HTMLElement;
    expect(message.textContent).toBe(
      'Saved: your day starts and ends here, and the drives from and back home are now counted.',
    );
    // The button pressed is gone: focus goes to what happened.
    expect(document.activeElement).toBe(message);
    expect(
      screen.getByText(
        'Your day starts and ends at the location you saved: the drives from and back home are counted.',
      ),
    ).toBeTruthy();

    // Forgetting it clears the profile's home and stops counting the legs.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Forget this location' })));
    expect(store.save).toHaveBeenLastCalledWith(null);
    expectTotalsOf(planWith(null));
    expect(document.body.textContent).toContain(NOT_COUNTED);
    expect(message.textContent).toBe('Forgotten: the drives from and back home are no longer counted.');
    expect(screen.getByRole('button', { name: 'Use my current location as the start of the day' })).toBeTruthy();
  });

  it('saves nothing when the browser is not allowed to share the location, and says how to allow it', async () => {
    const store = fakeStore(async () => null);
    render(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={EVENTS}
        onClose={() => {}}
        homeStore={store}
        geolocation={fakeGeolocation({ code: 1 })}
      />,
    );
    const use = await screen.findByRole('button', { name: 'Use my current location as the start of the day' });
    await act(async () => fireEvent.click(use));
    expect(store.save).not.toHaveBeenCalled();
    expect(screen.getByText(/^Location access was not allowed, so nothing was saved\./)).toBeTruthy();
    expectTotalsOf(planWith(null));
    expect(document.body.textContent).toContain(NOT_COUNTED);
  });

  it('uses the location for this plan when the profile cannot save it, and says it was not saved', async () => {
    const store = fakeStore(
      async () => null,
      async () => {
        throw new Error('offline');
      },
    );
    render(
      <RouteView
        today={PLANNED_ON}
        day={DAY}
        events={EVENTS}
        onClose={() => {}}
        homeStore={store}
        geolocation={fakeGeolocation({ coords: HERE })}
      />,
    );
    const use = await screen.findByRole('button', { name: 'Use my current location as the start of the day' });
    await act(async () => fireEvent.click(use));
    expect(store.save).toHaveBeenCalledWith(HERE_SAVED);
    expectTotalsOf(planWith(HERE_SAVED));
    expect(screen.getByText(/could not be saved to your profile: you will be asked again next time/)).toBeTruthy();
    expect(screen.getByText(/at your current location \(not saved\)/)).toBeTruthy();
    // Nothing saved, nothing to forget.
    expect(screen.queryByRole('button', { name: 'Forget this location' })).toBeNull();
  });
});

describe('where the day starts, in Spanish', () => {
  const inSpanish = (store: ProfileHomeStore, geolocation: Geolocation) =>
    render(
      <I18nProvider initialLocale="es">
        <RouteView
          today={PLANNED_ON}
          day={DAY}
          events={EVENTS}
          onClose={() => {}}
          homeStore={store}
          geolocation={geolocation}
        />
      </I18nProvider>,
    );

  it('names the saved place, counts the drives from home and offers to change or forget it', async () => {
    inSpanish(
      fakeStore(async () => HOME),
      fakeGeolocation({ coords: HERE }),
    );
    expect(await screen.findByRole('heading', { level: 4, name: 'Inicio y fin de su día' })).toBeTruthy();
    expect(
      screen.getByText(`Su día empieza y termina en ${HOME.label}: se cuentan los trayectos desde y hacia su casa.`),
    ).toBeTruthy();
    expect(
      screen.getByText('Se cuenta el manejo desde su casa, entre visitas y de regreso a casa.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Usar mi ubicación actual' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Olvidar esta ubicación' })).toBeTruthy();
    expect(screen.getByText('Regreso a casa')).toBeTruthy();
  });

  it('says in Spanish that location access was not allowed, and that nothing was saved', async () => {
    const store = fakeStore(async () => null);
    inSpanish(store, fakeGeolocation({ code: 1 }));
    expect(await screen.findByText(/^No se sabe dónde empieza su día/)).toBeTruthy();
    expect(screen.getByText(/^Su navegador le pregunta antes de compartirla\./)).toBeTruthy();
    const use = screen.getByRole('button', { name: 'Usar mi ubicación actual como inicio del día' });
    await act(async () => fireEvent.click(use));
    expect(store.save).not.toHaveBeenCalled();
    expect(
      screen.getByText(
        'No se permitió el acceso a la ubicación, así que no se guardó nada. Puede permitirlo en la configuración del sitio de su navegador y volver a intentarlo.',
      ),
    ).toBeTruthy();
  });

  it('says a saved location in Spanish', async () => {
    inSpanish(
      fakeStore(async () => null),
      fakeGeolocation({ coords: HERE }),
    );
    const use = await screen.findByRole('button', { name: 'Usar mi ubicación actual como inicio del día' });
    await act(async () => fireEvent.click(use));
    expect(
      screen.getByText(
        'Guardada: su día empieza y termina aquí, y ahora se cuentan los trayectos desde y hacia su casa.',
      ),
    ).toBeTruthy();
  });
});
