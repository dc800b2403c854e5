// `homerounds route optimize`: plans a day from a visits file or from a clinician's calendar on the
// local platform. The planning itself is core/routing/day-plan.ts (shared with the web and the assistant), with the
// drive times the Route view and the assistant use: the platform's `drive-times` function (road drive times from its
// road matrix, or its straight-line estimate, said so), asked for the day's places with the same departure.
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { listUpcomingEvents } from '../../core/calendar/index.ts';
import { withPatientRecords } from '../../core/patients/apply.ts';
import { addressesToLocate } from '../../core/routing/calendar-day.ts';
import { dayDriveTimesRequest } from '../../core/routing/departure.ts';
import {
  type DriveTimesRequest,
  type DriveTimesResponse,
  driveTimesLookup,
  requestDriveTimes,
} from '../../core/routing/drive-times-contract.ts';
import {
  planDay,
  type RouteOptimizeInput,
  type RouteReport,
  routeOptimize,
  validateRouteOptimizeInput,
} from '../../core/routing/index.ts';
import { withPins } from '../../core/routing/move-rule.ts';
import { DRIVES_TIMEOUT_MS } from '../../machines/day-drives/index.ts';
import { isCalendarDate, parseDateOption } from '../commands/date-option.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { clinicianPlanning } from './clinician-planning.ts';
import { readDocumentFile } from './input.ts';
import { LOCAL_TIMEOUT_MS, localUnreachable } from './local.ts';

export { formatRouteReport, type RouteReport, routeOptimize } from '../../core/routing/index.ts';

export async function routeOptimizeFromFile(file: string): Promise<RouteReport> {
  const raw = await readDocumentFile(file);
  let input: RouteOptimizeInput;
  try {
    input = validateRouteOptimizeInput(raw);
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
  if (!isCalendarDate(input.date)) {
    throw usageError(`${file}: date must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24 (got "${input.date}").`);
  }
  return routeOptimize(input);
}

/**
 * Reads the clinician's calendar through the local platform's calendar API (with a provider token the
 * platform mints for the seeded clinician) and plans the given day with planDay, as the Route view and
 * the assistant do, counting the drives from and back home when the platform knows the home.
 */
export async function routeOptimizeForClinician(opts: {
  baseUrl: string;
  email: string;
  date: string;
  /** The CLI's clock: today's visits keep their times under the default rule. */
  now: Date;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}): Promise<RouteReport & { rule?: string }> {
  parseDateOption('--date')(opts.date);
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  let tokenResponse: Response;
  try {
    tokenResponse = await doFetch(`${opts.baseUrl}/__local/provider-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: opts.email }),
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
  } catch (error) {
    throw localUnreachable(opts.baseUrl, error);
  }
  if (tokenResponse.status === 404)
    throw new CliError(`No seeded clinician ${opts.email} on the local platform.`, EXIT.notFound);
  if (!tokenResponse.ok) throw new CliError(`The local platform refused a calendar token (${tokenResponse.status}).`);
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const now = new Date(`${opts.date}T00:00:00Z`);
  now.setUTCDate(now.getUTCDate() - 1);
  // The clinician's patient list, rule and pins, and the day's addresses located, as the Route view reads them.
  const planning = await clinicianPlanning(opts.baseUrl, opts.email, doFetch);
  const events = withPins(
    withPatientRecords(
      await listUpcomingEvents({
        baseUrl: opts.baseUrl,
        providerToken: access_token,
        now,
        fetch: doFetch,
      }),
      planning.records,
    ),
    planning.pins,
  );
  const locations = await planning.locate(addressesToLocate(events, opts.date));
  // The home on the clinician's profile is where the day starts and ends (the dashboard reads the same place).
  const home = await clinicianHome(opts.baseUrl, opts.email, doFetch);
  const homePlace = home ? { lat: home.lat, lon: home.lng, label: 'Home' } : undefined;
  const today = calendarToday(opts.now, events);
  // The drive times between the day's places, as the Route view asks them (same places, same departure).
  const asked = dayDriveTimesRequest(events, opts.date, {
    ...(homePlace ? { home: homePlace } : {}),
    locations,
    today,
    now: opts.now,
  });
  const drives = asked ? await platformDriveTimes(opts.baseUrl, opts.email, asked.request, doFetch) : null;
  const plan = planDay(events, opts.date, {
    ...(homePlace ? { home: homePlace } : {}),
    locations,
    rule: { rule: planning.rule, today },
    ...(asked && drives ? { travel: driveTimesLookup(asked.request.points, drives) } : {}),
  });
  if (plan.error) throw new CliError(`${opts.date} could not be planned: ${plan.error}`);
  if (!plan.report) throw new CliError(`${opts.email} has no routable visits on ${opts.date}.`, EXIT.notFound);
  return { ...plan.report, skipped: plan.skipped, ...(plan.rule ? { rule: plan.rule } : {}) };
}

/**
 * The day's drive times from the platform's `drive-times` function, with a session minted for the seeded clinician
 * (`/__local/sessions`), bounded as the Route view is (DRIVES_TIMEOUT_MS); null when it cannot be asked or does not
 * answer in time: the plan then uses the straight-line estimate and its report says "approximate".
 */
async function platformDriveTimes(
  baseUrl: string,
  email: string,
  request: DriveTimesRequest,
  doFetch: typeof fetch,
): Promise<DriveTimesResponse | null> {
  const signal = AbortSignal.timeout(DRIVES_TIMEOUT_MS);
  try {
    const session = await doFetch(`${baseUrl}/__local/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal,
    });
    if (!session.ok) {
      await session.body?.cancel();
      return null;
    }
    const { access_token } = (await session.json()) as { access_token?: unknown };
    return await requestDriveTimes({
      supabaseUrl: baseUrl,
      anonKey: LOCAL_ANON_KEY,
      accessToken: typeof access_token === 'string' ? access_token : null,
      fetch: doFetch,
      request,
      signal,
    });
  } catch {
    return null;
  }
}

/** The seeded clinician's home on the local platform, or undefined (the day then starts anywhere). */
async function clinicianHome(
  baseUrl: string,
  email: string,
  doFetch: typeof fetch,
): Promise<{ lat: number; lng: number } | undefined> {
  try {
    const response = await doFetch(`${baseUrl}/__local/clinician-home`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const { home } = (await response.json()) as { home?: { lat: number; lng: number } };
    return home && Number.isFinite(home.lat) && Number.isFinite(home.lng) ? home : undefined;
  } catch {
    return undefined;
  }
}

/** Today's date on the calendar's wall clock: the UTC offset its events are written in (UTC when none). */
function calendarToday(now: Date, events: readonly { start: string }[]): string {
  const offset = events.map((e) => /([+-])(\d{2}):(\d{2})$/.exec(e.start)).find(Boolean);
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}
