// The schedule screen as specification §2, §4, §5 and §8 describe it — texts copied from the
// specification, not imported from the machine: loading on open; Refresh and Try Again reload; a fetch
// failure shows "Failed to load calendar events. Please try again."; no provider token shows the
// "[calendar provider] Calendar access not available. Please sign in again." text and offers sign-in. The
// evening confirmation statuses load beside the calendar (docs/web.md § Confirmations): the calendar shows once
// both settled, and a failed or silent statuses read never fails it (the visits show without marks).
import { toScheduleView } from '../../../machines/schedule/schedule.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const FETCH_FAILED = 'Failed to load calendar events. Please try again.';
const NO_TOKEN = 'Google Calendar access not available. Please sign in again.';

type Status = { eventId: string; visitDate: string; status: string };

/** Every shown visit with a status of its own (same id and day) carries it; no other visit is marked. */
function markProblems(
  events: ReadonlyArray<{ id: string; start: string; confirmation?: { status: string } }>,
  statuses: readonly Status[],
) {
  const problems: string[] = [];
  for (const event of events) {
    const own = statuses.find((s) => s.eventId === event.id && s.visitDate === event.start.slice(0, 10));
    if ((event.confirmation?.status ?? null) !== (own?.status ?? null)) {
      problems.push(
        `visit ${event.id} must show ${own?.status ?? 'no status'}, shows ${event.confirmation?.status ?? 'none'}`,
      );
    }
  }
  return problems;
}

export const scheduleOracle: StepOracle = ({ event, before, after, started, logged, warned }) => {
  const problems: string[] = [];
  const view = toScheduleView(after as never);
  const was = before ? toScheduleView(before as never) : null;
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const reloads = event.type === 'xstate.init' || event.type === 'schedule.refresh' || event.type === 'schedule.retry';
  if (started.includes('loadEvents')) expect(reloads, 'the calendar is fetched only on open, Refresh or Try Again');
  expect(view.status === 'error' || view.errorMessage === null, 'an error text outside the error state');
  expect(view.status === 'error' || (view.errorKind === null && !view.needsSignIn), 'an error kind outside the error');
  // CONVENTIONS: tags group states for views — busy while the calendar loads, error while the error shows.
  expect(after.hasTag('busy') === (view.status === 'loading'), 'the busy tag must mark the loading state');
  expect(after.hasTag('error') === (view.status === 'error'), 'the error tag must mark the error state');
  // §8: a fetch that fails has its cause logged; nothing else is logged.
  const calendarTimedOut = event.type.startsWith('xstate.after.scheduleTimeout');
  const fetchFailed =
    (event.type === 'xstate.error.actor.loadEvents' && (event.error as Error).name !== 'MissingProviderTokenError') ||
    calendarTimedOut;
  if (fetchFailed) {
    const cause = calendarTimedOut ? 'timed out' : (event.error as Error).message;
    expect(
      logged.length === 1 && (logged[0]?.includes(cause) ?? false),
      `a failed fetch must log its cause once (${logged})`,
    );
  } else expect(logged.length === 0, `only a failed fetch is logged (${logged})`);
  // The statuses are extras: their failure or silence is one console warning, and nothing else warns. (The
  // simulated clock passing 30 s also passes the statuses' 8 s when they were still awaited.)
  const statusesGivenUp =
    event.type === 'xstate.error.actor.loadConfirmations' ||
    event.type.startsWith('xstate.after.confirmationsTimeout') ||
    (calendarTimedOut && (before?.matches({ loading: { confirmations: 'fetching' } }) ?? false));
  expect(
    warned.length === (statusesGivenUp ? 1 : 0) &&
      warned.every((line) => line.includes('Confirmation statuses not loaded')),
    `only statuses given up warn, once (${warned})`,
  );
  switch (event.type) {
    case 'xstate.init':
      expect(view.status === 'loading' && started.includes('loadEvents'), 'the schedule loads on open');
      expect(
        view.events.length === 0 && view.confirmationBatches.length === 0 && view.fetchedAt === null,
        'nothing is shown before the first load',
      );
      break;
    case 'schedule.refresh':
      expect(view.status === 'loading', 'Refresh reloads');
      break;
    case 'schedule.retry':
      if (was?.status === 'error') expect(view.status === 'loading', 'Try Again reloads');
      break;
    case 'xstate.done.actor.loadEvents': {
      const statusesSettled = before?.matches({ loading: { confirmations: 'settled' } }) ?? false;
      if (statusesSettled) {
        expect(
          view.status === 'loaded' && view.events.length === (event.output as { events: unknown[] }).events.length,
          'the loaded events are shown',
        );
        const kept = (before?.context as { pending?: { statuses?: { confirmations: Status[] } | null } } | undefined)
          ?.pending?.statuses;
        problems.push(...markProblems(view.events, kept?.confirmations ?? []));
      } else expect(view.status === 'loading', 'the calendar waits for the statuses (at most 8 s)');
      break;
    }
    case 'xstate.error.actor.loadEvents': {
      const missingToken = (event.error as Error).name === 'MissingProviderTokenError';
      expect(view.status === 'error', 'a failed load shows the error');
      expect(
        view.errorMessage === (missingToken ? NO_TOKEN : FETCH_FAILED),
        `the error text must be the specification's (${view.errorMessage})`,
      );
      expect(view.needsSignIn === missingToken, 'sign-in is offered only when the provider token is missing');
      expect(
        view.errorKind === (missingToken ? 'no-provider-token' : 'fetch-failed'),
        `the error kind must say which error (${view.errorKind})`,
      );
      break;
    }
    case 'xstate.done.actor.loadConfirmations':
    case 'xstate.error.actor.loadConfirmations': {
      const calendarFetched = before?.matches({ loading: { calendar: 'fetched' } }) ?? false;
      expect(view.status === (calendarFetched ? 'loaded' : 'loading'), 'the statuses never fail the calendar');
      const statuses = event.type.startsWith('xstate.done.')
        ? ((event.output as { confirmations: Status[] } | null)?.confirmations ?? [])
        : [];
      if (calendarFetched) problems.push(...markProblems(view.events, statuses));
      break;
    }
    default:
      if (calendarTimedOut)
        expect(
          view.status === 'error' && view.errorMessage === FETCH_FAILED,
          'a load that hangs ends as a fetch failure',
        );
      if (event.type.startsWith('xstate.after.confirmationsTimeout')) {
        const calendarFetched = before?.matches({ loading: { calendar: 'fetched' } }) ?? false;
        expect(view.status === (calendarFetched ? 'loaded' : 'loading'), 'silent statuses are given up after 8 s');
        expect(
          view.events.every((e) => !e.confirmation || !calendarFetched),
          'given-up statuses mark nothing',
        );
      }
  }
  return problems;
};
