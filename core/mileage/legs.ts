// A day's legs for the mileage log, read from the Route view's own plan (core/routing planDay) for the calendar
// order: the same drive minutes per leg, the same distances (the road matrix's metres where it gave them, else the
// straight-line estimate × the road factor, as day-plan.ts counts them), so a day's miles are the Route view's miles
// for that day. Nothing is re-planned here; the optimised order is ignored (a log is about the calendar's order).

import type { PlaceInput, VisitInput } from '../routing/day-plan.ts';
import { KM_PER_MILE } from '../routing/day-plan.ts';
import type { DayPlan } from '../routing/plan-day.ts';
import { circuityFor, haversineKm } from '../routing/travel/haversine.ts';
import type { TravelLookup } from '../routing/travel/lookup.ts';
import type { MileageDay, MileageLeg, MileageStop } from './mileage.types.ts';

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Kilometres between two places as the plan counts them, and whether they are road kilometres. */
function legKm(a: PlaceInput, b: PlaceInput, travel: TravelLookup | undefined): { km: number; road: boolean } {
  const meters = travel?.roadBased ? travel.meters?.(a, b) : undefined;
  if (typeof meters === 'number') return { km: meters / 1000, road: true };
  const straight = haversineKm(a, b);
  // The same place is 0 km whatever the source: not an estimate worth saying.
  return { km: straight * circuityFor(straight), road: straight <= 1e-6 };
}

/** The booked wall-clock time of a visit ("HH:MM" as the calendar writes it). */
const bookedTime = (visit: VisitInput) => /T(\d{2}:\d{2})/.exec(visit.start)?.[1] ?? visit.start.slice(0, 5);

export interface DayLegsOptions {
  /** The home the plan was made from (absent: between visits only). */
  home?: PlaceInput;
  /** The drive times the plan was made with (absent: the straight-line estimate). */
  travel?: TravelLookup;
  /** The patient each visit is, by event id, as the clinician knows them (names.ts `stopNames`). */
  names: ReadonlyMap<string, string>;
}

/** The day's legs and planned totals from its plan (no edit, not yet marked upcoming). */
export function dayLegs(plan: DayPlan, options: DayLegsOptions): Omit<MileageDay, 'edit' | 'miles' | 'upcoming'> {
  const unplaced = plan.skipped.filter((s) => !s.reason.startsWith('not a visit')).length;
  const report = plan.report;
  if (!report) {
    return {
      day: plan.day,
      legs: [],
      plannedMiles: 0,
      plannedMinutes: 0,
      roadBased: true,
      countsHomeLegs: options.home !== undefined,
      visits: 0,
      unplaced,
    };
  }
  const byId = new Map(plan.visits.map((v) => [v.id, v]));
  const stops = report.calendar.stops;
  const visitStop = (id: string): MileageStop => {
    const visit = byId.get(id) as VisitInput;
    return { kind: 'visit', time: bookedTime(visit), patient: options.names.get(id) ?? 'Visit' };
  };
  const home = report.countsHomeLegs ? options.home : undefined;
  const legs: MileageLeg[] = [];
  const push = (from: PlaceInput, to: PlaceInput, ends: [MileageStop, MileageStop], minutes: number | null) => {
    const { km, road } = legKm(from, to, report.roadDriveTimes ? options.travel : undefined);
    legs.push({
      from: ends[0],
      to: ends[1],
      miles: r2(km / KM_PER_MILE),
      minutes: minutes ?? 0,
      roadBased: road,
      fromHome: ends[0].kind === 'home',
      toHome: ends[1].kind === 'home',
    });
  };
  stops.forEach((stop, i) => {
    const to = byId.get(stop.id) as VisitInput;
    if (i === 0) {
      if (home) push(home, to, [{ kind: 'home' }, visitStop(stop.id)], stop.travelFromPreviousMinutes);
      return;
    }
    const prev = stops[i - 1] as (typeof stops)[number];
    push(byId.get(prev.id) as VisitInput, to, [visitStop(prev.id), visitStop(stop.id)], stop.travelFromPreviousMinutes);
  });
  const last = stops.at(-1);
  if (home && last) {
    push(
      byId.get(last.id) as VisitInput,
      home,
      [visitStop(last.id), { kind: 'home' }],
      report.calendar.returnTravelMinutes,
    );
  }
  return {
    day: plan.day,
    legs,
    // The Route view's own figures for the calendar order (its miles are distanceBeforeKm, its minutes the travel).
    plannedMiles: r1(report.distanceBeforeKm / KM_PER_MILE),
    plannedMinutes: r1(report.travelBeforeMinutes),
    roadBased: legs.every((leg) => leg.roadBased),
    countsHomeLegs: report.countsHomeLegs,
    visits: stops.length,
    unplaced,
  };
}
