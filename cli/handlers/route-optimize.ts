// `homerounds route optimize`: plans a day from a visits file or from a clinician's calendar on the
// local platform. The planning itself is core/routing/day-plan.ts (shared with the web and the assistant).
import { listUpcomingEvents } from '../../core/calendar/index.ts';
import {
  type RouteOptimizeInput,
  type RouteReport,
  routeOptimize,
  validateRouteOptimizeInput,
  visitsFromCalendar,
} from '../../core/routing/index.ts';
import { isCalendarDate, parseDateOption } from '../commands/date-option.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
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
 * platform mints for the seeded clinician) and plans the given day.
 */
export async function routeOptimizeForClinician(opts: {
  baseUrl: string;
  email: string;
  date: string;
}): Promise<RouteReport> {
  parseDateOption('--date')(opts.date);
  let tokenResponse: Response;
  try {
    tokenResponse = await fetch(`${opts.baseUrl}/__local/provider-tokens`, {
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
  const events = await listUpcomingEvents({ baseUrl: opts.baseUrl, providerToken: access_token, now });
  const { visits, skipped } = visitsFromCalendar(events, opts.date);
  if (visits.length === 0) {
    throw new CliError(`${opts.email} has no routable visits on ${opts.date}.`, EXIT.notFound);
  }
  // The seeded clinician's home is where the day starts and ends (the local platform knows it).
  const home = await clinicianHome(opts.baseUrl, opts.email);
  const start = home ? { lat: home.lat, lon: home.lng, label: 'Home' } : undefined;
  const report = routeOptimize({ date: opts.date, visits, ...(start ? { start } : {}) });
  return { ...report, skipped };
}

/** The seeded clinician's home on the local platform, or undefined (the day then starts anywhere). */
async function clinicianHome(baseUrl: string, email: string): Promise<{ lat: number; lng: number } | undefined> {
  try {
    const response = await fetch(`${baseUrl}/__local/clinician-home`, {
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
