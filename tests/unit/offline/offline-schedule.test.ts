// The schedule's port with the kept copy (web/src/offline/offline-schedule.ts): a load that succeeds keeps today
// and the next days and says the dashboard is live; a load that cannot reach the network answers with the kept copy
// and says since when; an answer that said no (401, 500) is never replaced by the copy.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { CalendarApiError } from '../../../core/calendar/index.ts';
import type { CalendarEvent, SchedulePorts } from '../../../machines/schedule/index.ts';
import { PatientSaveError } from '../../../web/src/adapters/patients.ts';
import {
  onlineOnlyLinker,
  PATIENT_CHANGE_NEEDS_CONNECTION,
  withOfflinePatients,
} from '../../../web/src/offline/offline-patients.ts';
import { eventsToKeep, withOfflineSchedule } from '../../../web/src/offline/offline-schedule.ts';
import { createOfflineStore } from '../../../web/src/offline/offline-store.ts';

const MORNING = new Date('2026-12-01T14:05:00.000Z'); // 8:05 in Chicago (TZ of the suite)
const LATER = new Date('2026-12-01T16:30:00.000Z');

function event(id: string, start: string, end: string): CalendarEvent {
  return { id, title: `PT visit - Patient ${id}`, start, end } as CalendarEvent;
}
const TODAY = event('today', '2026-12-01T15:00:00.000Z', '2026-12-01T16:00:00.000Z');
const NEXT_WEEK = event('day6', '2026-12-07T15:00:00.000Z', '2026-12-07T16:00:00.000Z');
const TOO_FAR = event('day9', '2026-12-10T15:00:00.000Z', '2026-12-10T16:00:00.000Z');
const YESTERDAY = event('past', '2026-11-30T15:00:00.000Z', '2026-11-30T16:00:00.000Z');

function setup(user: string | null = 'user-a') {
  const store = createOfflineStore({ indexedDB: new IDBFactory() });
  const reports: string[] = [];
  let now = MORNING;
  let network: 'up' | 'down' | 'refused' | 'server-error' = 'up';
  let tokenFails = false;
  const inner: SchedulePorts = {
    async getProviderToken() {
      if (tokenFails) throw new TypeError('Failed to fetch');
      return 'google-token';
    },
    async fetchEvents() {
      if (network === 'down') throw new TypeError('Failed to fetch');
      if (network === 'refused') throw new CalendarApiError(401, {});
      if (network === 'server-error') throw new CalendarApiError(500, {});
      return [YESTERDAY, TODAY, NEXT_WEEK, TOO_FAR];
    },
  };
  const deps = {
    store,
    userId: async () => user,
    now: () => now,
    report: {
      answered: (at: string) => reports.push(`answered ${at}`),
      unreachable: (keptAt: string | null) => reports.push(`unreachable ${keptAt}`),
    },
  };
  const ports = withOfflineSchedule(inner, deps);
  const load = async () => ports.fetchEvents((await ports.getProviderToken()) ?? '', new AbortController().signal);
  return {
    ports,
    deps,
    load,
    reports,
    store,
    setNow: (d: Date) => {
      now = d;
    },
    setNetwork: (n: typeof network) => {
      network = n;
    },
    failToken: () => {
      tokenFails = true;
    },
  };
}

describe('schedule port with the kept copy', () => {
  it('keeps today and the next days of a load, and says it is live', async () => {
    const s = setup();
    expect(await s.load()).toHaveLength(4);
    expect(s.reports).toEqual([`answered ${MORNING.toISOString()}`]);
    const kept = await s.store.read<CalendarEvent[]>('user-a', 'schedule');
    expect(kept?.value.map((e) => e.id)).toEqual(['today', 'day6']);
    expect(kept?.savedAt).toBe(MORNING.toISOString());
  });

  it('without network, answers with the kept copy and the time it was saved', async () => {
    const s = setup();
    await s.load();
    s.setNow(LATER);
    s.setNetwork('down');
    const events = await s.load();
    expect(events.map((e) => e.id)).toEqual(['today', 'day6']);
    expect(s.reports.at(-1)).toBe(`unreachable ${MORNING.toISOString()}`);
  });

  it('a token that cannot be fetched for want of network also falls back to the copy', async () => {
    const s = setup();
    await s.load();
    s.failToken();
    expect((await s.load()).map((e) => e.id)).toEqual(['today', 'day6']);
  });

  it('with nothing kept, the failure stays the schedule’s own error (and offline is said)', async () => {
    const s = setup();
    s.setNetwork('down');
    await expect(s.load()).rejects.toThrow('Failed to fetch');
    expect(s.reports).toEqual(['unreachable null']);
  });

  it('an answer that said no is never papered over with the copy', async () => {
    const s = setup();
    await s.load();
    s.setNetwork('refused');
    await expect(s.load()).rejects.toBeInstanceOf(CalendarApiError);
    s.setNetwork('server-error');
    await expect(s.load()).rejects.toBeInstanceOf(CalendarApiError);
    expect(s.reports).toEqual([`answered ${MORNING.toISOString()}`]);
  });

  it('signed out (no user), nothing is kept or read', async () => {
    const s = setup(null);
    await s.load();
    s.setNetwork('down');
    await expect(s.load()).rejects.toThrow('Failed to fetch');
  });

  it('an aborted load (Refresh, the 30 s limit) stays an abort', async () => {
    const s = setup();
    await s.load();
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const ports = withOfflineSchedule(
      {
        getProviderToken: async () => 't',
        fetchEvents: async () => {
          throw abort;
        },
      },
      s.deps,
    );
    await expect(ports.fetchEvents('t', new AbortController().signal)).rejects.toBe(abort);
  });

  it('eventsToKeep: from the start of today, for seven days', () => {
    expect(eventsToKeep([YESTERDAY, TODAY, NEXT_WEEK, TOO_FAR], MORNING).map((e) => e.id)).toEqual(['today', 'day6']);
  });
});

describe('patient list port with the kept copy', () => {
  const ROSA = { id: 'p1', full_name: 'Rosa Delgado' } as never;

  function patients(online: { value: boolean }, listFails: { value: unknown }) {
    const s = setup();
    let saves = 0;
    const ports = withOfflinePatients(
      {
        async list() {
          if (listFails.value) throw listFails.value;
          return [ROSA];
        },
        async save() {
          saves += 1;
          return ROSA;
        },
      },
      { ...s.deps, online: () => online.value },
    );
    return { ports, s, saves: () => saves };
  }

  it('reads the kept list when the store cannot be reached', async () => {
    const online = { value: true };
    const fails: { value: unknown } = { value: null };
    const { ports, s } = patients(online, fails);
    expect(await ports.list(new AbortController().signal)).toEqual([ROSA]);
    // The copy is kept in the background (the list is answered first).
    await vi.waitFor(async () => expect(await s.store.read('user-a', 'patients')).not.toBeNull());
    online.value = false;
    fails.value = new PatientSaveError('read_failed', 'Your patient list could not be read.');
    expect(await ports.list(new AbortController().signal)).toEqual([ROSA]);
    expect(s.reports.at(-1)).toBe(`unreachable ${MORNING.toISOString()}`);
  });

  it('a list the database refused is not replaced by the copy', async () => {
    const fails: { value: unknown } = { value: null };
    const { ports } = patients({ value: true }, fails);
    await ports.list(new AbortController().signal);
    fails.value = new PatientSaveError('42501', 'You can change only your own patients.');
    await expect(ports.list(new AbortController().signal)).rejects.toThrow('42501');
  });

  it('offline, linking events to a patient waits for the connection (each event is asked for once)', async () => {
    const asked: number[] = [];
    const online = { value: false };
    const link = onlineOnlyLinker(
      async (groups) => {
        asked.push(groups.length);
        return groups.length;
      },
      () => online.value,
    );
    const groups = [{ patientId: 'p1', eventIds: ['evt-1'] }] as never;
    expect(await link(groups)).toBe(0);
    online.value = true;
    expect(await link(groups)).toBe(1);
    expect(asked).toEqual([1]);
  });

  it('offline, a change is refused at once in words, and nothing is sent', async () => {
    const { ports, saves } = patients({ value: false }, { value: null });
    await expect(
      ports.save({ kind: 'update', id: 'p1', changes: {} } as never, new AbortController().signal),
    ).rejects.toMatchObject({ userMessage: PATIENT_CHANGE_NEEDS_CONNECTION });
    expect(saves()).toBe(0);
  });
});
