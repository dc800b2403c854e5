// optimize_route: the day's best order, the same plan as the dashboard's Route view, said with its saving,
// or, when no order meets every window, which windows break and the least-late order. Where the server has a road
// matrix (ctx.travel), the plan counts road drive times for the day's places (with traffic at the day's first visit
// for today and tomorrow); otherwise, or when the service does not answer in time, the straight-line estimate. The
// answer says which.
import { locateAll } from '../../geo/geocoder.ts';
import { withPatientRecords } from '../../patients/apply.ts';
import { addressesToLocate } from '../../routing/calendar-day.ts';
import type { PlaceInput } from '../../routing/day-plan.ts';
import { dayDeparture } from '../../routing/departure.ts';
import type { Violation } from '../../routing/model.ts';
import { DEFAULT_MOVE_RULE, withPins } from '../../routing/move-rule.ts';
import { dayPoints, planDay } from '../../routing/plan-day.ts';
import { addDays, zonedDateTime } from '../../time/zoned-time.ts';
import type { Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  clock,
  dateArg,
  driveTimesNote,
  loadDay,
  patientRecords,
  plural,
  result,
  roadDrivesAt,
  type ToolContext,
  today,
  tr,
  when,
} from '../tool-kit.ts';
import { neutralise, quoted, visitName } from '../untrusted.ts';
import type { HomeAware } from './home-aware.ts';

/**
 * The day's best order: the Route view's plan (core/routing/plan-day), with the calendar's booked times and
 * the same legs (from and back home when the context knows the home; said when it does not). A day with no
 * feasible order gets no saving: which windows break, by how much, and the least-late order, named so.
 */
export async function optimizeRoute(args: Args, ctx: ToolContext & HomeAware): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx) ?? addDays(today(ctx), 1);
  // The names and booked times only: the plan below locates the day's addresses itself, once.
  const dayVisits = await loadDay({ ...ctx, geocoder: undefined }, date);
  // The patient list read in, as the Route view does: its windows, places and "not a patient".
  // And the visits the clinician pinned ("time is fixed"), as the Route view does.
  const events = withPins(
    withPatientRecords(
      await ctx.calendar.list(
        zonedDateTime(date, 0, ctx.timeZone).instant,
        zonedDateTime(addDays(date, 1), 0, ctx.timeZone).instant,
      ),
      await patientRecords(ctx),
    ),
    (await ctx.pins?.()) ?? [],
  );
  const home = (await ctx.home?.()) ?? null;
  // Events written by people carry an address, not coordinates: the server's geocoder locates them.
  const locations = ctx.geocoder ? await locateAll(ctx.geocoder, addressesToLocate(events, date)) : undefined;
  const homePlace: PlaceInput | undefined = home ? { lat: home.lat, lon: home.lon, label: 'Home' } : undefined;
  // Road drive times for the places the plan drives between, when the server has a road matrix.
  const day = dayPoints(events, date, {
    ...(homePlace ? { home: homePlace } : {}),
    ...(locations ? { locations } : {}),
  });
  // Traffic for leaving at the first booked visit (today and tomorrow): the departure the Route view and the CLI send.
  const departure = dayDeparture(date, day.firstStart, { today: today(ctx), now: ctx.now });
  const drives = await roadDrivesAt(ctx, day.points, departure);
  const plan = planDay(events, date, {
    ...(homePlace ? { home: homePlace } : {}),
    ...(locations ? { locations } : {}),
    ...(drives ? { travel: drives.lookup } : {}),
    // The clinician's rule for moving visits (the default until they set one): the plan says which it followed.
    rule: { rule: (await ctx.moveRule?.()) ?? DEFAULT_MOVE_RULE, today: today(ctx) },
  });
  const byId = new Map(dayVisits.map((v) => [v.id, v]));
  const span = when(ctx, date);
  if (plan.error)
    return result(
      'answer',
      tr(
        ctx,
        `I couldn't plan ${span}: ${neutralise(plan.error, 200)}`,
        `No pude planificar ${span}: ${neutralise(plan.error, 200)}`,
      ),
    );
  const report = plan.report;
  if (!report || report.optimized.stops.length < 2) {
    // Visits left out for want of a place are said: "nothing to reorder" must not hide them.
    const unplaced = plan.skipped
      .filter((s) => !s.reason.startsWith('not a visit'))
      .map((s) => ({ ...s, title: byId.has(s.id) ? visitName(byId.get(s.id) as Visit) : quoted(s.title) }));
    const why = unplaced.length
      ? tr(
          ctx,
          ` ${plural(ctx, unplaced.length, 'visit', 'visita')} could not be placed on the map: ${unplaced.map((s) => `${s.title} (${s.reason})`).join('; ')}.`,
          ` ${plural(ctx, unplaced.length, 'visit', 'visita')} sin ubicación en el mapa: ${unplaced.map((s) => `${s.title} (${s.reason})`).join('; ')}.`,
        )
      : '';
    return result(
      'answer',
      tr(
        ctx,
        `You have ${plural(ctx, plan.visits.length, 'visit', 'visita')} with a known location ${span}, so there is nothing to reorder.${why}`,
        `Tienes ${plural(ctx, plan.visits.length, 'visit', 'visita')} con ubicación conocida ${span}: no hay nada que reordenar.${why}`,
      ),
      { date, order: plan.visits.map((v) => v.id), skipped: plan.skipped.map((s) => ({ id: s.id, reason: s.reason })) },
    );
  }
  const starts = new Map(report.optimized.stops.map((stop) => [stop.id, stop.start]));
  const name = (id: string) => {
    const v = byId.get(id);
    if (!v) return id;
    const who = visitName(v);
    const booked = clock(ctx, v.startMinute);
    const planned = starts.get(id);
    const at = planned ? clock(ctx, minutesOfClock(planned)) : booked;
    // A visit the rule let move says both times: the clinician sees what would change.
    return at === booked
      ? `${who} (${tr(ctx, 'booked', 'reservada a las')} ${booked})`
      : `${who} (${at}, ${tr(ctx, 'booked', 'reservada a las')} ${booked})`;
  };
  const order = report.optimized.order.map((id, i) => `${i + 1}. ${name(id)}`).join('\n');
  const ruleNote = plan.rule ? ` ${plan.rule}` : '';
  const before = Math.round(report.travelBeforeMinutes);
  const after = Math.round(report.travelAfterMinutes);
  const saved = report.savedMinutes === null ? null : Math.round(report.savedMinutes);
  const same = report.optimized.order.join() === report.calendar.order.join();
  const legs = report.countsHomeLegs
    ? tr(ctx, 'counting the drive from and back home', 'contando el trayecto desde y hasta casa')
    : tr(
        ctx,
        'between visits, not counting the drive from and back home',
        'entre visitas, sin contar el trayecto desde y hasta casa',
      );
  const road = report.roadDriveTimes === true;
  const driveNote = driveTimesNote(ctx, road, drives?.departure ?? null);
  const facts = {
    date,
    order: report.optimized.order,
    calendarOrder: report.calendar.order,
    travelBeforeMinutes: before,
    travelAfterMinutes: after,
    savedMinutes: saved,
    savedPercent: report.savedPercent === null ? null : Math.round(report.savedPercent),
    feasible: report.feasible,
    provedOptimal: report.provedOptimal,
    countsHomeLegs: report.countsHomeLegs,
    lateMinutes: Math.round(report.optimized.lateMinutes),
    rule: plan.rule ?? null,
    driveTimes: road ? 'road' : 'approximate',
  };
  if (!report.feasible) {
    // No saving: say which windows break and by how much, and which order is the least late.
    const broken = [...report.unservable, ...report.violations]
      .filter((v, i, all) => all.findIndex((w) => w.visitId === v.visitId && w.reason === v.reason) === i)
      .map((v) => violationText(v, byId))
      .join(' ');
    const late = Math.round(report.optimized.lateMinutes);
    const which = same
      ? tr(
          ctx,
          `Your calendar order is the least-late order I found (${late} min late in all), about ${before} min of driving ${legs}.`,
          `El orden de tu calendario es el que menos retraso tiene (${late} min en total), unos ${before} min de conducción ${legs}.`,
        )
      : tr(
          ctx,
          `The least-late order I found (${late} min late in all, against ${Math.round(report.calendar.lateMinutes)} min in your calendar order), about ${after} min of driving ${legs}:\n${order}`,
          `El orden con menos retraso (${late} min en total, frente a ${Math.round(report.calendar.lateMinutes)} min en tu calendario), unos ${after} min de conducción ${legs}:\n${order}`,
        );
    return result(
      'answer',
      tr(
        ctx,
        `No order ${span} meets every patient's time window, so there is no saving to claim. ${broken} ${which}${driveNote}`,
        `Ningún orden ${span} cumple todas las franjas horarias, así que no hay ahorro que indicar. ${which}${driveNote}`,
      ),
      facts,
    );
  }
  if (same || (saved ?? 0) < 1) {
    return result(
      'answer',
      tr(
        ctx,
        `Your calendar order ${span} is already the best: about ${before} min of driving ${legs}, ${report.optimized.stops.length} visits.${ruleNote}${driveNote}`,
        `El orden de tu calendario ${span} ya es el mejor: unos ${before} min de conducción ${legs}, ${report.optimized.stops.length} visitas.${driveNote}`,
      ),
      facts,
    );
  }
  return result(
    'answer',
    tr(
      ctx,
      `Best order ${span} (${report.optimized.stops.length} visits):\n${order}\nDriving drops from about ${before} to ${after} min ${legs}: you save ${saved} min (${Math.round(report.savedPercent ?? 0)}%).${ruleNote}${driveNote} Your calendar is unchanged; the Route view shows the same plan.`,
      `Mejor orden ${span} (${report.optimized.stops.length} visitas):\n${order}\nLa conducción baja de unos ${before} a ${after} min ${legs}: ahorras ${saved} min (${Math.round(report.savedPercent ?? 0)} %).${driveNote} Tu calendario no cambia.`,
    ),
    facts,
  );
}

/**
 * A broken window or working-hours limit as said: the planner names a visit by its event title, the calendar's
 * words, so that name is said the way every tool says a visit (its patient, or the title quoted).
 */
function violationText(violation: Violation, byId: ReadonlyMap<string, Visit>): string {
  const visit = violation.visitId ? byId.get(violation.visitId) : undefined;
  if (visit && violation.message.startsWith(`${visit.title}: `)) {
    return `${visitName(visit)}: ${neutralise(violation.message.slice(visit.title.length + 2), 200)}.`;
  }
  return `${neutralise(violation.message, 200)}.`;
}

/** "09:40" → 580. */
function minutesOfClock(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
