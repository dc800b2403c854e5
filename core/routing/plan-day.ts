// One plan for one day: the calendar's visits of a date → the optimiser's report, with the same
// inputs and defaults wherever it is asked (the dashboard's Route view and the assistant's
// optimize_route tool), so both give the same order and the same saving.
//
// How far visits may move is the clinician's rule (move-rule.ts: by default today's visits keep their times,
// later ones may move up to 90 minutes, always inside the patient's window; a visit marked "time is fixed"
// never moves), and the plan says which rule it followed. Without a rule (older callers), a booked visit keeps
// its booked start unless the event marks it `flexible`. The day is the calendar's own span, from the first
// booked start to the last booked end, so the plan saves driving without lengthening the day with waits.
//
// The same legs whoever asks (the Route view, the assistant, `homerounds route optimize --clinician` and
// the seeded-days bench): from home and back when the caller knows the home (the day then runs from
// leaving home in time for the first booked visit to getting back from the last one), between visits
// only when it does not, and the report says which (`countsHomeLegs`, `legsNote`).
//
// Drive times: the straight-line estimate (approximate) by default, the same for every caller. A caller that fetched
// road drive times beforehand (the assistant's optimize_route, through the server's road matrix for `dayPoints`)
// passes them as `travel`; the report then says "road drive times" (`roadDriveTimes`), and legs the lookup does not
// know keep the estimate.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { Locations } from '../geo/geocoder.ts';
import type { SkippedEvent } from './calendar-day.ts';
import { visitsFromCalendar } from './calendar-day.ts';
import { type PlaceInput, type RouteReport, routeOptimize, type VisitInput } from './day-plan.ts';
import { formatClock } from './model.ts';
import { applyRule, isFixedEvent, isFlexibleEvent, type MoveRule, ruleText, wallMinutes } from './move-rule.ts';

import { haversineMatrix } from './travel/haversine.ts';
import { placeKey, type TravelLookup } from './travel/lookup.ts';
import type { LatLon } from './travel/provider.ts';

export interface DayPlan {
  day: string;
  visits: VisitInput[];
  skipped: SkippedEvent[];
  /** Null when the day has no plannable visit (or planning failed: see `error`). */
  report: RouteReport | null;
  error: string | null;
  /** The rule the plan followed, in words (absent for the older callers that pass no rule). */
  rule?: string;
}

export interface PlanDayOptions {
  /** Where the day starts and ends; absent: the drives from and back home are not counted (and the report says so). */
  home?: PlaceInput;
  /** `marked` (default): only events marked flexible move; `all`: every visit keeps only its patient window (what-if). */
  flexible?: 'marked' | 'all';
  timeLimitMs?: number;
  /** Addresses located through the geocoder port, for events that carry no coordinates of their own. */
  locations?: Locations;
  /** How far visits may move (DEFAULT_MOVE_RULE for the clinician who set none), with today's date. */
  rule?: { rule: MoveRule; today: string };
  /**
   * Drive minutes fetched beforehand for the day's places (`dayPoints`), and whether they follow roads
   * (core/routing/travel/lookup.ts `lookupFromMatrix`). Absent: the straight-line estimate, as before.
   */
  travel?: TravelLookup;
}

/**
 * The places a plan of `day` drives between (the home first, when given, then each plannable visit in booked
 * order) and the first booked start (its wall-clock "HH:MM" minutes, and as the calendar writes it; null without a
 * visit): what a caller asks a road-matrix service for before planning, and when the day's drives start
 * (departure.ts `dayDeparture`).
 */
export function dayPoints(
  events: readonly CalendarEvent[],
  day: string,
  options: { home?: PlaceInput; locations?: Locations } = {},
): { points: LatLon[]; firstStartMinute: number | null; firstStart: string | null } {
  const { visits } = visitsFromCalendar(events, day, options.locations);
  const booked = [...visits].sort((a, b) => wallMinutes(a.start) - wallMinutes(b.start));
  const points: LatLon[] = [];
  const seen = new Set<string>();
  for (const place of [...(options.home ? [options.home] : []), ...booked]) {
    const key = placeKey(place);
    if (seen.has(key)) continue;
    seen.add(key);
    points.push({ lat: place.lat, lon: place.lon });
  }
  const first = booked[0];
  return { points, firstStartMinute: first ? wallMinutes(first.start) : null, firstStart: first?.start ?? null };
}

export function planDay(events: readonly CalendarEvent[], day: string, options: PlanDayOptions = {}): DayPlan {
  const found = visitsFromCalendar(events, day, options.locations);
  const { skipped } = found;
  const flexible = new Set(
    (options.flexible === 'all' ? events : events.filter(isFlexibleEvent)).map((event) => event.id),
  );
  const fixed = new Set(events.filter(isFixedEvent).map((event) => event.id));
  const ruled = options.rule;
  const rule = ruled ? ruleText(ruled.rule, day, ruled.today) : undefined;
  const placed = (visit: VisitInput): VisitInput =>
    ruled
      ? applyRule(visit, ruled.rule, {
          day,
          today: ruled.today,
          fixed: fixed.has(visit.id),
          flexible: flexible.has(visit.id),
        })
      : flexible.has(visit.id)
        ? visit
        : { ...visit, fixed: true };
  // A stable input order (booked start, then id): the same day gives the same plan whoever asks.
  const visits = found.visits
    .map(placed)
    .sort((a, b) => wallMinutes(a.start) - wallMinutes(b.start) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const said = rule === undefined ? {} : { rule };
  if (visits.length === 0) return { day, visits, skipped, report: null, error: null, ...said };
  const home = options.home;
  let first = Math.min(...visits.map((v) => wallMinutes(v.start)));
  let last = Math.max(...visits.map((v) => wallMinutes(v.start) + v.durationMinutes));
  if (home) {
    // Leave home in time for the first booked visit, back from the last one: the calendar order's own day,
    // in whole minutes (the same estimate as the plan's legs).
    const head = visits[0] as VisitInput;
    const tail = visits.at(-1) as VisitInput;
    const m = haversineMatrix([home, head, tail]).minutes;
    // With drive times fetched beforehand, the same legs the plan counts (the estimate where they have none).
    const out = options.travel?.minutes(home, head) ?? m[0]?.[1] ?? 0;
    const back = options.travel?.minutes(tail, home) ?? m[2]?.[0] ?? 0;
    first = Math.floor(wallMinutes(head.start) - out);
    last = Math.ceil(Math.max(last, wallMinutes(tail.start) + tail.durationMinutes + back));
  }
  try {
    const report = routeOptimize({
      date: day,
      visits,
      ...(home ? { start: home } : {}),
      workingHours: { start: formatClock(Math.max(0, first)), end: formatClock(Math.min(last, 24 * 60 - 1)) },
      ...(options.timeLimitMs ? { timeLimitMs: options.timeLimitMs } : {}),
      ...(options.travel ? { travel: options.travel } : {}),
    });
    return { day, visits, skipped, report, error: null, ...said };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { day, visits, skipped, report: null, error: message, ...said };
  }
}
