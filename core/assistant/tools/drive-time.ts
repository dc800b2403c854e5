// drive_time: driving between two visits, or over a day or several in calendar order, counting the legs
// from and back home when the home is known (the same legs as the Route view's calendar order). Between two visits
// and over one day, the server's road drive times where it has them (ctx.travel, the same matrix optimize_route
// plans with, so both count the same minutes); over several days, and without them, the straight-line estimate.
// The answer says which.
import type { TravelLookup } from '../../routing/travel/lookup.ts';
import type { LatLon } from '../../routing/travel/provider.ts';
import { dayText } from '../../time/zoned-time.ts';
import { isPatientVisit, toVisit, type Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  checkRange,
  clock,
  daysArg,
  distanceText,
  driveMinutes,
  driveTimesNote,
  loadDay,
  loadDays,
  plural,
  result,
  roadDrives,
  roadKm,
  stringArg,
  type ToolContext,
  today,
  tr,
  when,
} from '../tool-kit.ts';
import { DATA_LIMITS, dataText, quoted, SAY_LIMITS, visitName } from '../untrusted.ts';
import type { HomeAware } from './home-aware.ts';
import { byTime, capitalize, rangeText } from './read-shared.ts';

/** Driving: between two visits, or a whole day (or days) in calendar order, from and back home when the home is known. */
export async function driveTime(args: Args, ctx: ToolContext & HomeAware): Promise<ToolResult> {
  const fromId = stringArg(args, 'fromVisitId');
  const toId = stringArg(args, 'toVisitId');
  if (fromId || toId) {
    if (!fromId || !toId) throw new ArgumentError('Give both fromVisitId and toVisitId, or a date for the whole day.');
    const [a, b] = await Promise.all([ctx.calendar.get(fromId), ctx.calendar.get(toId)]);
    if (!a || !b)
      return result(
        'not_found',
        tr(
          ctx,
          'I could not find one of those visits on your calendar.',
          'No encuentro una de esas visitas en tu calendario.',
        ),
      );
    const [first, second] = [toVisit(a, ctx.timeZone), toVisit(b, ctx.timeZone)].sort(byTime) as [Visit, Visit];
    if (!first.coords || !second.coords)
      return result(
        'answer',
        tr(
          ctx,
          `I don't have the location of ${visitName(!first.coords ? first : second)}, so I can't estimate the drive.`,
          `No tengo la ubicación de ${visitName(!first.coords ? first : second)}, así que no puedo estimar el trayecto.`,
        ),
      );
    // Leaving the first visit when it ends: traffic for that time today and tomorrow.
    const drives = await roadDrives(ctx, first.date, [first.coords, second.coords], first.endMinute);
    const leg = legOf(first.coords, second.coords, drives?.lookup);
    const { minutes, km } = leg;
    const note = driveTimesNote(ctx, leg.road, drives?.departure ?? null);
    // Names and addresses are the calendar's words: said as every tool says them (untrusted.ts).
    const [firstName, secondName] = [visitName(first), visitName(second)];
    const place = (v: Visit, none: string) => quoted(v.address, SAY_LIMITS.location) || none;
    let gapText = '';
    if (first.date === second.date) {
      const gap = second.startMinute - first.endMinute;
      gapText =
        gap >= minutes
          ? tr(
              ctx,
              ` ${firstName}'s visit ends at ${clock(ctx, first.endMinute)} and ${secondName}'s starts at ${clock(ctx, second.startMinute)}: ${gap} min, enough time.`,
              ` La visita de ${firstName} termina a las ${clock(ctx, first.endMinute)} y la de ${secondName} empieza a las ${clock(ctx, second.startMinute)}: ${gap} min, tiempo suficiente.`,
            )
          : tr(
              ctx,
              ` ${firstName}'s visit ends at ${clock(ctx, first.endMinute)} and ${secondName}'s starts at ${clock(ctx, second.startMinute)}: only ${gap} min, ${minutes - gap} min short.`,
              ` La visita de ${firstName} termina a las ${clock(ctx, first.endMinute)} y la de ${secondName} empieza a las ${clock(ctx, second.startMinute)}: solo ${gap} min, faltan ${minutes - gap} min.`,
            );
    }
    return result(
      'answer',
      tr(
        ctx,
        `Driving from ${firstName} (${place(first, 'no address')}) to ${secondName} (${place(second, 'no address')}) takes about ${minutes} min, about ${distanceText(ctx, km)}.${gapText}${note}`,
        `El trayecto de ${firstName} (${place(first, 'sin dirección')}) a ${secondName} (${place(second, 'sin dirección')}) es de unos ${minutes} min, unos ${distanceText(ctx, km)}.${gapText}${note}`,
      ),
      {
        minutes,
        km: Math.round(km * 10) / 10,
        gapMinutes: first.date === second.date ? second.startMinute - first.endMinute : null,
        driveTimes: leg.road ? 'road' : 'approximate',
      },
    );
  }
  // A range in from/to, or said in date ("this week"): driving per day and in total.
  const rangeFrom = daysArg(args, 'from', ctx);
  const said = daysArg(args, 'date', ctx);
  const home = (await ctx.home?.()) ?? null;
  if (rangeFrom) return driveRange(ctx, rangeFrom.from, daysArg(args, 'to', ctx)?.to ?? rangeFrom.to, home);
  if (said && said.from !== said.to) return driveRange(ctx, said.from, said.to, home);
  const date = said?.from ?? today(ctx);
  const visits = (await loadDay(ctx, date)).filter(isPatientVisit);
  const located = visits.filter((v) => v.coords);
  if (located.length < (home ? 1 : 2))
    return result(
      'answer',
      tr(
        ctx,
        `You have ${plural(ctx, located.length, 'visit', 'visita')} with a known location ${when(ctx, date)}, so there is no driving ${home ? 'to visits' : 'between visits'} to estimate.`,
        `Tienes ${plural(ctx, located.length, 'visit', 'visita')} con ubicación conocida ${when(ctx, date)}: no hay trayectos ${home ? 'a visitas' : 'entre visitas'} que estimar.`,
      ),
      { date, minutes: 0, km: 0, legs: [], countsHomeLegs: home !== null },
    );
  const homeName = tr(ctx, 'home', 'casa');
  // The day's places as optimize_route asks for them (home first), traffic for the first visit today and tomorrow.
  const drives = await roadDrives(
    ctx,
    date,
    [...(home ? [home] : []), ...located.map((v) => v.coords as LatLon)],
    located[0]?.startMinute ?? null,
  );
  const dayLegList = dayLegs(located, home, drives?.lookup);
  const road = dayLegList.length > 0 && dayLegList.every((l) => l.road);
  const note = driveTimesNote(ctx, road, drives?.departure ?? null);
  // Each leg's ends by name in the facts (data: the calendar's words), said as every tool says them.
  const dataName = (v: Visit | null) => (v ? dataText(v.patient ?? v.title, DATA_LIMITS.name) : homeName);
  const saidName = (v: Visit | null) => (v ? visitName(v) : homeName);
  const legs = dayLegList.map(({ road: _road, ...l }) => ({ ...l, from: dataName(l.from), to: dataName(l.to) }));
  const minutes = legs.reduce((s, l) => s + l.minutes, 0);
  const km = legs.reduce((s, l) => s + l.km, 0);
  const longestLeg = [...dayLegList].sort((a, b) => b.minutes - a.minutes)[0] as (typeof dayLegList)[number];
  const longest = { from: saidName(longestLeg.from), to: saidName(longestLeg.to), minutes: longestLeg.minutes };
  const skipped = visits.length - located.length;
  const counted = home
    ? tr(
        ctx,
        `from home to ${plural(ctx, located.length, 'visit', 'visita')} and back, in your calendar order`,
        `de casa a ${plural(ctx, located.length, 'visit', 'visita')} y de vuelta, en el orden de tu calendario`,
      )
    : tr(
        ctx,
        `between ${located.length} visits in your calendar order (not counting the drive from and back home)`,
        `entre ${located.length} visitas en el orden de tu calendario (sin contar la ida y la vuelta a casa)`,
      );
  const say = tr(
    ctx,
    `${capitalize(when(ctx, date))} you drive about ${minutes} min, about ${distanceText(ctx, km)}, ${counted}. The longest leg is ${longest.from} to ${longest.to}, about ${longest.minutes} min.${skipped ? ` ${skipped} visit${skipped === 1 ? ' has' : 's have'} no known location and ${skipped === 1 ? 'is' : 'are'} not counted.` : ''}${note}`,
    `${capitalize(when(ctx, date))} conduces unos ${minutes} min, unos ${distanceText(ctx, km)}, ${counted}. El trayecto más largo es de ${longest.from} a ${longest.to}, unos ${longest.minutes} min.${skipped ? ` ${plural(ctx, skipped, 'visit', 'visita')} sin ubicación conocida no se cuenta${skipped === 1 ? '' : 'n'}.` : ''}${note}`,
  );
  return result('answer', say, {
    date,
    minutes,
    km: Math.round(km * 10) / 10,
    countsHomeLegs: home !== null,
    legs: legs.map((l) => ({ ...l, km: Math.round(l.km * 10) / 10 })),
    driveTimes: road ? 'road' : 'approximate',
  });
}

/**
 * One leg: the road drive time and distance where `road` knows them (road-based, a route found), else the
 * straight-line estimate (a leg with no road route is estimated too: the answer then says "approximate").
 */
function legOf(a: LatLon, b: LatLon, road: TravelLookup | undefined): { minutes: number; km: number; road: boolean } {
  const minutes = road?.roadBased ? road.minutes(a, b) : undefined;
  if (typeof minutes === 'number') {
    const meters = road?.meters?.(a, b);
    return { minutes: Math.ceil(minutes), km: typeof meters === 'number' ? meters / 1000 : roadKm(a, b), road: true };
  }
  return { minutes: driveMinutes(a, b).minutes, km: roadKm(a, b), road: false };
}

/**
 * The legs of a day in calendar order between its located visits, and from and back home when the home is known
 * (`from`/`to` null = home): the legs the Route view counts for the calendar order.
 */
function dayLegs(
  located: Visit[],
  home: LatLon | null,
  road?: TravelLookup,
): Array<{ from: Visit | null; to: Visit | null; minutes: number; km: number; road: boolean }> {
  const stops: Array<{ visit: Visit | null; at: LatLon }> = located.map((v) => ({ visit: v, at: v.coords as LatLon }));
  if (home && stops.length > 0) {
    stops.unshift({ visit: null, at: home });
    stops.push({ visit: null, at: home });
  }
  return stops.slice(1).map((stop, i) => {
    const prev = stops[i] as (typeof stops)[number];
    return { from: prev.visit, to: stop.visit, ...legOf(prev.at, stop.at, road) };
  });
}

/** Driving over several days: per day and in total, in calendar order. */
async function driveRange(ctx: ToolContext, from: string, to: string, home: LatLon | null): Promise<ToolResult> {
  checkRange(from, to);
  const days = await loadDays(ctx, from, to);
  const perDay = [...days.entries()]
    .map(([date, list]) => {
      // Several days: the straight-line estimate (one road matrix per day would outlast a tool call).
      const legs = dayLegs(
        list.filter(isPatientVisit).filter((v) => v.coords),
        home,
      );
      return { date, minutes: legs.reduce((s, l) => s + l.minutes, 0), km: legs.reduce((s, l) => s + l.km, 0) };
    })
    .filter((d) => d.minutes > 0);
  const minutes = perDay.reduce((s, d) => s + d.minutes, 0);
  const km = perDay.reduce((s, d) => s + d.km, 0);
  const lines = perDay.map((d) => `${dayText(d.date, ctx.language)}: ${d.minutes} min`).join('; ');
  const say = perDay.length
    ? tr(
        ctx,
        home
          ? `${capitalize(rangeText(ctx, from, to))} you drive about ${minutes} min in all, about ${distanceText(ctx, km)}, from home, between visits and back, in your calendar order: ${lines}.`
          : `${capitalize(rangeText(ctx, from, to))} you drive about ${minutes} min in all, about ${distanceText(ctx, km)}, between visits, in your calendar order, not counting the drive from and back home: ${lines}.`,
        home
          ? `${capitalize(rangeText(ctx, from, to))} conduces unos ${minutes} min en total (unos ${distanceText(ctx, km)}) desde casa, entre visitas y de vuelta: ${lines}.`
          : `${capitalize(rangeText(ctx, from, to))} conduces unos ${minutes} min en total (unos ${distanceText(ctx, km)}) entre visitas, sin contar la ida y la vuelta a casa: ${lines}.`,
      )
    : tr(
        ctx,
        `You have no driving ${home ? 'to visits' : 'between visits'} ${rangeText(ctx, from, to)}.`,
        `No tienes trayectos ${home ? 'a visitas' : 'entre visitas'} ${rangeText(ctx, from, to)}.`,
      );
  return result('answer', say, {
    from,
    to,
    minutes,
    km: Math.round(km * 10) / 10,
    countsHomeLegs: home !== null,
    days: perDay.map((d) => ({ ...d, km: Math.round(d.km * 10) / 10 })),
  });
}
