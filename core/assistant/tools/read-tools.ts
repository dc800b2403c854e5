// The read tools: what is on the calendar (a day, a range, a patient), one visit by time or position,
// counts and the lightest/busiest day, driving for a leg or a day, and the day's best order (the same
// plan as the dashboard's Route view). Each answer's `say` states only what the calendar shows.
import { planDay } from '../../routing/plan-day.ts';
import type { LatLon } from '../../routing/travel/provider.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  ambiguousPatient,
  checkRange,
  clock,
  dateArg,
  distanceText,
  driveMinutes,
  findPatient,
  loadDay,
  loadDays,
  loadRoster,
  plural,
  result,
  roadKm,
  stringArg,
  type ToolContext,
  timeArg,
  today,
  tr,
  visitFacts,
  visitLine,
  when,
  windowText,
} from '../tool-kit.ts';
import { isPatientVisit, toVisit, type Visit } from '../visits.ts';
import { fold } from '../when.ts';
import { addDays, dayText, minutesToHhmm, weekdayOf, zonedDateTime, zonedMinute } from '../zoned-time.ts';

function rangeArgs(args: Args, ctx: ToolContext): { from: string; to: string } {
  const date = dateArg(args, 'date', ctx);
  const from = dateArg(args, 'from', ctx) ?? date ?? today(ctx);
  const to = dateArg(args, 'to', ctx) ?? date ?? from;
  checkRange(from, to);
  return { from, to };
}

function rangeText(ctx: ToolContext, from: string, to: string): string {
  return from === to
    ? when(ctx, from)
    : tr(ctx, `from ${dayText(from)} to ${dayText(to)}`, `del ${dayText(from, 'es')} al ${dayText(to, 'es')}`);
}

function patientFilter(
  args: Args,
  ctx: ToolContext,
  visits: Visit[],
  roster: Visit[] | null,
): { visits: Visit[]; asked: string | null; error: ToolResult | null; ctxName: string | null } {
  const asked = stringArg(args, 'patient');
  if (!asked) return { visits, asked: null, error: null, ctxName: null };
  const match = findPatient(asked, roster ?? visits.filter(isPatientVisit));
  if (match.kind === 'many')
    return {
      visits: [],
      asked,
      error: ambiguousPatient(ctx, asked, match.names),
      ctxName: null,
    };
  if (match.kind === 'none') return { visits: [], asked, error: null, ctxName: null };
  return { visits: visits.filter((v) => v.patient === match.name), asked, error: null, ctxName: match.name };
}

export async function listVisits(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const { from, to } = rangeArgs(args, ctx);
  const days = await loadDays(ctx, from, to);
  const all = [...days.values()].flat();
  const filtered = patientFilter(args, ctx, all, stringArg(args, 'patient') ? await loadRoster(ctx) : null);
  if (filtered.error) return filtered.error;
  const after = timeArg(args, 'after', ctx);
  const before = timeArg(args, 'before', ctx);
  const inHours = (v: Visit) =>
    v.allDay || ((after === null || v.endMinute > after) && (before === null || v.startMinute < before));
  const visits = filtered.visits.filter(isPatientVisit).filter(inHours);
  const others = filtered.asked ? [] : all.filter((v) => !isPatientVisit(v)).filter(inHours);
  const hours =
    after !== null || before !== null
      ? tr(
          ctx,
          ` between ${clock(ctx, after ?? 0)} and ${clock(ctx, before ?? 24 * 60 - 1)}`,
          ` entre las ${clock(ctx, after ?? 0)} y las ${clock(ctx, before ?? 24 * 60 - 1)}`,
        )
      : '';
  const span = `${rangeText(ctx, from, to)}${hours}`;
  const who = filtered.ctxName ? tr(ctx, ` with ${filtered.ctxName}`, ` con ${filtered.ctxName}`) : '';
  const facts = {
    from,
    to,
    count: visits.length,
    patients: new Set(visits.map((v) => v.patient)).size,
    visits: visits.map(visitFacts),
    otherEvents: others.map(visitFacts),
  };
  if (filtered.asked && !filtered.ctxName) {
    return result(
      'not_found',
      tr(
        ctx,
        `I don't see a patient called "${filtered.asked}" on your calendar.`,
        `No veo a ningún paciente llamado "${filtered.asked}" en tu calendario.`,
      ),
      facts,
    );
  }
  if (visits.length === 0 && others.length === 0) {
    return result('answer', tr(ctx, `You have no visits${who} ${span}.`, `No tienes visitas${who} ${span}.`), facts);
  }
  let say: string;
  if (from === to) {
    const lines = visits.map((v, i) => `${i + 1}. ${visitLine(ctx, v)}`);
    if (others.length)
      lines.push(`${tr(ctx, 'Other events', 'Otros eventos')}: ${others.map((v) => visitLine(ctx, v)).join('; ')}`);
    const head = visits.length
      ? tr(
          ctx,
          `You have ${plural(ctx, visits.length, 'visit', 'visita')}${who} ${span}:`,
          `Tienes ${plural(ctx, visits.length, 'visit', 'visita')}${who} ${span}:`,
        )
      : tr(ctx, `You have no patient visits ${span}.`, `No tienes visitas de pacientes ${span}.`);
    say = `${head}\n${lines.join('\n')}`;
  } else {
    const lines: string[] = [];
    for (const [date, list] of days) {
      const mine = list.filter((v) => visits.includes(v));
      if (mine.length === 0) continue;
      lines.push(
        `${dayText(date, ctx.language)}: ${mine.map((v) => `${clock(ctx, v.startMinute)} ${filtered.ctxName ? (v.visitType ?? v.title) : v.patient}`).join('; ')}`,
      );
    }
    say = `${tr(
      ctx,
      `You have ${plural(ctx, visits.length, 'visit', 'visita')}${who} ${span}:`,
      `Tienes ${plural(ctx, visits.length, 'visit', 'visita')}${who} ${span}:`,
    )}\n${lines.join('\n')}`;
  }
  return result('answer', say, facts);
}

const POSITIONS = ['first', 'last', 'next', 'previous'] as const;

/** One visit: by time ("my 2pm"), by position (first / last / next / 2nd) or by patient. */
export async function findVisit(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx);
  const time = timeArg(args, 'time', ctx);
  const rawPosition = args.position;
  const position =
    typeof rawPosition === 'number'
      ? rawPosition
      : typeof rawPosition === 'string' && /^\d+$/.test(rawPosition)
        ? Number(rawPosition)
        : (stringArg(args, 'position') ?? null);
  if (typeof position === 'string' && !(POSITIONS as readonly string[]).includes(position)) {
    throw new ArgumentError(`position must be one of ${POSITIONS.join(', ')} or a number.`);
  }
  const patientAsked = stringArg(args, 'patient');
  const typeAsked = stringArg(args, 'type');
  const t = today(ctx);
  const nowMinute = zonedMinute(ctx.now, ctx.timeZone);
  let candidates: Visit[];
  let scope: string;
  if (date) {
    candidates = (await loadDay(ctx, date)).filter(isPatientVisit);
    scope = when(ctx, date);
  } else if (patientAsked || typeAsked || position === 'next' || position === 'previous') {
    const roster = await loadRoster(ctx);
    candidates = roster;
    scope = '';
  } else {
    candidates = (await loadDay(ctx, t)).filter(isPatientVisit);
    scope = when(ctx, t);
  }
  if (patientAsked) {
    const match = findPatient(patientAsked, candidates.length ? candidates : await loadRoster(ctx));
    if (match.kind === 'many') return ambiguousPatient(ctx, patientAsked, match.names);
    if (match.kind === 'none')
      return result(
        'not_found',
        tr(
          ctx,
          `I don't see a visit with "${patientAsked}"${scope ? ` ${scope}` : ''}.`,
          `No veo ninguna visita con "${patientAsked}"${scope ? ` ${scope}` : ''}.`,
        ),
      );
    candidates = candidates.filter((v) => v.patient === match.name);
  }
  if (typeAsked) {
    candidates = candidates.filter((v) => matchesType(v, typeAsked));
    if (!candidates.length)
      return result(
        'not_found',
        tr(
          ctx,
          `You have no ${typeAsked} visit on your calendar${scope ? ` ${scope}` : ' in the next 30 days'}.`,
          `No tienes ninguna visita de tipo ${typeAsked}${scope ? ` ${scope}` : ' en los próximos 30 días'}.`,
        ),
      );
  }
  const relation = stringArg(args, 'after') ? 'after' : stringArg(args, 'before') ? 'before' : null;
  if (relation) {
    const anchorAsked = stringArg(args, relation) as string;
    const sameDay = candidates.filter((v) => !date || v.date === date);
    const match = findPatient(anchorAsked, sameDay);
    const anchorVisit = match.kind === 'one' ? match.visits.sort(byTime)[0] : undefined;
    if (!anchorVisit)
      return result(
        'not_found',
        tr(
          ctx,
          `I don't see a visit with "${anchorAsked}"${scope ? ` ${scope}` : ''}.`,
          `No veo ninguna visita con "${anchorAsked}"${scope ? ` ${scope}` : ''}.`,
        ),
      );
    const ordered = sameDay.filter((v) => v.date === anchorVisit.date).sort(byTime);
    const at = ordered.indexOf(anchorVisit);
    const other = relation === 'after' ? ordered[at + 1] : ordered[at - 1];
    if (!other) {
      return result(
        'answer',
        tr(
          ctx,
          `${anchorVisit.patient} is your ${relation === 'after' ? 'last' : 'first'} visit ${when(ctx, anchorVisit.date)}: there is none ${relation} it.`,
          `${anchorVisit.patient} es tu ${relation === 'after' ? 'última' : 'primera'} visita ${when(ctx, anchorVisit.date)}.`,
        ),
        { visit: null },
      );
    }
    const label = tr(
      ctx,
      `${relation === 'after' ? 'After' : 'Before'} ${anchorVisit.patient}`,
      `${relation === 'after' ? 'Después de' : 'Antes de'} ${anchorVisit.patient}`,
    );
    return result('answer', visitDetails(ctx, other, null).replace(/^Visit|^Visita/, label), {
      visit: { ...visitFacts(other), notes: other.notes },
      exact: true,
    });
  }
  const upcoming = (v: Visit) => v.date > t || (v.date === t && v.endMinute > nowMinute);
  let chosen: Visit | undefined;
  if (time !== null) {
    const exact = candidates.filter((v) => v.startMinute === time);
    const near = candidates
      .filter((v) => Math.abs(v.startMinute - time) <= 30)
      .sort((a, b) => Math.abs(a.startMinute - time) - Math.abs(b.startMinute - time));
    chosen = exact[0] ?? near[0];
    if (!chosen) {
      const starts = candidates.map((v) => clock(ctx, v.startMinute)).join(', ');
      return result(
        'not_found',
        tr(
          ctx,
          `You have no visit at ${clock(ctx, time)} ${scope || when(ctx, t)}.${starts ? ` Your visits start at ${starts}.` : ''}`,
          `No tienes ninguna visita a las ${clock(ctx, time)} ${scope || when(ctx, t)}.${starts ? ` Tus visitas empiezan a las ${starts}.` : ''}`,
        ),
        { starts: candidates.map((v) => minutesToHhmm(v.startMinute)) },
      );
    }
  } else if (position === 'next') {
    chosen = candidates.filter((v) => v.date > t || (v.date === t && v.startMinute >= nowMinute)).sort(byTime)[0];
  } else if (position === 'previous') {
    chosen = candidates
      .filter((v) => v.date < t || (v.date === t && v.startMinute < nowMinute))
      .sort(byTime)
      .at(-1);
  } else if (position === 'first') {
    chosen = candidates.sort(byTime)[0];
  } else if (position === 'last') {
    chosen = candidates.sort(byTime).at(-1);
  } else if (typeof position === 'number') {
    chosen = candidates.sort(byTime)[position - 1];
  } else if (patientAsked || typeAsked) {
    chosen = candidates.filter(upcoming).sort(byTime)[0] ?? candidates.sort(byTime).at(-1);
  } else if (candidates.length === 1) {
    chosen = candidates[0];
  } else {
    return result(
      'ambiguous',
      tr(
        ctx,
        `Which visit? You have ${plural(ctx, candidates.length, 'visit', 'visita')} ${scope}: ${candidates.map((v) => `${clock(ctx, v.startMinute)} ${v.patient}`).join(', ')}.`,
        `¿Qué visita? Tienes ${plural(ctx, candidates.length, 'visit', 'visita')} ${scope}: ${candidates.map((v) => `${clock(ctx, v.startMinute)} ${v.patient}`).join(', ')}.`,
      ),
      { visits: candidates.map(visitFacts) },
    );
  }
  if (!chosen) {
    return result(
      'not_found',
      tr(
        ctx,
        `You have no ${position === 'next' ? 'upcoming ' : ''}visit${scope ? ` ${scope}` : ''}${typeof position === 'number' ? ` number ${position}` : ''}.`,
        `No tienes ${position === 'next' ? 'próximas ' : ''}visitas${scope ? ` ${scope}` : ''}.`,
      ),
    );
  }
  const exact = time === null || chosen.startMinute === time;
  const say = exact
    ? visitDetails(ctx, chosen, position)
    : `${tr(ctx, `No visit starts at exactly ${clock(ctx, time as number)}; the closest is at ${clock(ctx, chosen.startMinute)}.`, `Ninguna visita empieza exactamente a las ${clock(ctx, time as number)}; la más cercana es a las ${clock(ctx, chosen.startMinute)}.`)} ${visitDetails(ctx, chosen, position)}`;
  return result('answer', say, {
    visit: { ...visitFacts(chosen), notes: chosen.notes },
    exact,
    ...(time === null ? {} : { requestedTime: clock(ctx, time) }),
  });
}

const THERAPY = /\b(therapy|therapist|pt|ot|slp|speech|gait|adl|rehab|cognitive|swallow|terapia)\b/;

/** A visit type as said: "wound care", "evaluation"; "therapy" means PT, OT or speech therapy. */
function matchesType(visit: Visit, asked: string): boolean {
  const type = fold(`${visit.visitType ?? visit.title}`);
  const want = fold(asked)
    .replace(/\b(session|visit|appointment|sesion|visita|cita)s?\b/g, '')
    .trim();
  if (!want) return true;
  if (THERAPY.test(want)) return THERAPY.test(type);
  return type.includes(want);
}

function byTime(a: Visit, b: Visit): number {
  return a.date.localeCompare(b.date) || a.startMinute - b.startMinute;
}

export function visitDetails(ctx: ToolContext, v: Visit, position: unknown = null): string {
  const label =
    position === 'next'
      ? tr(ctx, 'Your next visit', 'Tu próxima visita')
      : position === 'first'
        ? tr(ctx, 'Your first visit', 'Tu primera visita')
        : position === 'last'
          ? tr(ctx, 'Your last visit', 'Tu última visita')
          : position === 'previous'
            ? tr(ctx, 'Your previous visit', 'Tu visita anterior')
            : tr(ctx, 'Visit', 'Visita');
  const parts = [
    `${label}: ${v.patient}${v.visitType ? ` (${v.visitType})` : ''} ${when(ctx, v.date)}, ${clock(ctx, v.startMinute)}–${clock(ctx, v.endMinute)}.`,
  ];
  if (v.address) parts.push(tr(ctx, `Address: ${v.address}.`, `Dirección: ${v.address}.`));
  if (v.phone) parts.push(tr(ctx, `Phone: ${v.phone}.`, `Teléfono: ${v.phone}.`));
  if (v.window)
    parts.push(tr(ctx, `Time window: ${windowText(ctx, v.window)}.`, `Franja horaria: ${windowText(ctx, v.window)}.`));
  parts.push(
    v.notes
      ? tr(ctx, `Notes: ${v.notes.replace(/\n/g, ' ')}`, `Notas: ${v.notes.replace(/\n/g, ' ')}`)
      : tr(ctx, 'No notes.', 'Sin notas.'),
  );
  return parts.join(' ');
}

interface DaySummary {
  date: string;
  visits: number;
  patients: number;
  bookedMinutes: number;
  first: string | null;
  lastEnd: string | null;
  allDay: string[];
}

function summarize(date: string, list: Visit[]): DaySummary {
  const visits = list.filter(isPatientVisit);
  return {
    date,
    visits: visits.length,
    patients: new Set(visits.map((v) => v.patient)).size,
    bookedMinutes: visits.reduce((sum, v) => sum + (v.endMinute - v.startMinute), 0),
    first: visits[0] ? minutesToHhmm(visits[0].startMinute) : null,
    lastEnd: visits.length ? minutesToHhmm(Math.max(...visits.map((v) => v.endMinute))) : null,
    allDay: list.filter((v) => v.allDay).map((v) => v.title),
  };
}

function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}

/** Counts for a range or a list of days: visits, patients, the lightest and busiest day, comparisons. */
export async function summarizeDays(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const listed = Array.isArray(args.dates) ? args.dates : null;
  let days: Map<string, Visit[]>;
  let label: string;
  if (listed && listed.length > 0) {
    if (listed.length > 14) throw new ArgumentError('Compare at most 14 days at a time.');
    const dates = listed.map(
      (value, i) =>
        dateArg({ d: value }, 'd', ctx) ??
        (() => {
          throw new ArgumentError(`dates[${i}] is empty.`);
        })(),
    );
    const sorted = [...new Set(dates)].sort();
    const loaded = await loadDays(ctx, sorted[0] as string, sorted.at(-1) as string);
    days = new Map(dates.map((d) => [d, loaded.get(d) ?? []]));
    label = '';
  } else {
    const { from, to } = rangeArgs(args, ctx);
    days = await loadDays(ctx, from, to);
    label = rangeText(ctx, from, to);
  }
  const summaries = [...days.entries()].map(([date, list]) => summarize(date, list));
  const allVisits = [...days.values()].flat().filter(isPatientVisit);
  const totals = {
    visits: allVisits.length,
    patients: new Set(allVisits.map((v) => v.patient)).size,
    bookedMinutes: summaries.reduce((s, d) => s + d.bookedMinutes, 0),
  };
  const working = summaries.filter((d) => d.visits > 0);
  const rank = (a: DaySummary, b: DaySummary) =>
    a.visits - b.visits || a.bookedMinutes - b.bookedMinutes || a.date.localeCompare(b.date);
  const lightest = [...working].sort(rank)[0] ?? null;
  const busiest = [...working].sort(rank).at(-1) ?? null;
  const line = (d: DaySummary) =>
    d.visits
      ? tr(
          ctx,
          `${dayText(d.date)}: ${plural(ctx, d.visits, 'visit', 'visita')} (${hoursText(d.bookedMinutes)} booked, ${clock(ctx, Number(d.first?.slice(0, 2)) * 60 + Number(d.first?.slice(3)))} to ${clock(ctx, Number(d.lastEnd?.slice(0, 2)) * 60 + Number(d.lastEnd?.slice(3)))})`,
          `${dayText(d.date, 'es')}: ${plural(ctx, d.visits, 'visit', 'visita')} (${hoursText(d.bookedMinutes)} reservadas)`,
        )
      : `${dayText(d.date, ctx.language)}: ${tr(ctx, 'no visits', 'sin visitas')}${d.allDay.length ? ` (${tr(ctx, 'all day', 'todo el día')}: ${d.allDay.join(', ')})` : ''}`;
  const facts = { days: summaries, totals, lightest: lightest?.date ?? null, busiest: busiest?.date ?? null };
  if (listed) {
    const parts = summaries.map(line);
    const [a, b] = summaries;
    let verdict = '';
    if (summaries.length === 2 && a && b) {
      if (a.visits === b.visits && a.bookedMinutes === b.bookedMinutes)
        verdict = tr(ctx, ' Both days are equally busy.', ' Los dos días están igual de ocupados.');
      else {
        const [busier, lighter] = rank(a, b) > 0 ? [a, b] : [b, a];
        verdict =
          busier.visits > lighter.visits
            ? tr(
                ctx,
                ` ${dayText(busier.date)} is busier, by ${plural(ctx, busier.visits - lighter.visits, 'visit', 'visita')}.`,
                ` El ${dayText(busier.date, 'es')} está más ocupado, por ${plural(ctx, busier.visits - lighter.visits, 'visit', 'visita')}.`,
              )
            : tr(
                ctx,
                ` Same number of visits; ${dayText(busier.date)} has ${busier.bookedMinutes - lighter.bookedMinutes} more minutes booked.`,
                ` Mismo número de visitas; el ${dayText(busier.date, 'es')} tiene ${busier.bookedMinutes - lighter.bookedMinutes} minutos más reservados.`,
              );
      }
    }
    return result('answer', `${parts.join('. ')}.${verdict}`, facts);
  }
  const head = tr(
    ctx,
    `${capitalize(label)}: ${plural(ctx, totals.visits, 'visit', 'visita')} with ${plural(ctx, totals.patients, 'patient', 'paciente')}.`,
    `${capitalize(label)}: ${plural(ctx, totals.visits, 'visit', 'visita')} con ${plural(ctx, totals.patients, 'patient', 'paciente')}.`,
  );
  if (summaries.length === 1) return result('answer', head, facts);
  const empty = summaries.filter((d) => d.visits === 0 && weekdayOf(d.date) >= 1 && weekdayOf(d.date) <= 5);
  const tail: string[] = [];
  if (busiest && lightest && busiest.date !== lightest.date) {
    tail.push(tr(ctx, `Busiest: ${line(busiest)}.`, `Más ocupado: ${line(busiest)}.`));
    tail.push(
      tr(ctx, `Lightest day with visits: ${line(lightest)}.`, `Día más ligero con visitas: ${line(lightest)}.`),
    );
  } else if (busiest) {
    tail.push(tr(ctx, `Only one day has visits: ${line(busiest)}.`, `Solo un día tiene visitas: ${line(busiest)}.`));
  }
  const emptyText = (d: DaySummary) =>
    `${dayText(d.date, ctx.language)}${d.allDay.length ? ` (${tr(ctx, 'all day', 'todo el día')}: ${d.allDay.join(', ')})` : ''}`;
  if (empty.length) {
    tail.push(
      tr(ctx, `No visits on ${empty.map(emptyText).join('; ')}.`, `Sin visitas: ${empty.map(emptyText).join('; ')}.`),
    );
  }
  return result('answer', [head, ...tail].join(' '), facts);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
          `I don't have the location of ${!first.coords ? first.title : second.title}, so I can't estimate the drive.`,
          `No tengo la ubicación de ${!first.coords ? first.title : second.title}, así que no puedo estimar el trayecto.`,
        ),
      );
    const minutes = driveMinutes(first.coords, second.coords).minutes;
    const km = roadKm(first.coords, second.coords);
    let gapText = '';
    if (first.date === second.date) {
      const gap = second.startMinute - first.endMinute;
      gapText =
        gap >= minutes
          ? tr(
              ctx,
              ` ${first.patient}'s visit ends at ${clock(ctx, first.endMinute)} and ${second.patient}'s starts at ${clock(ctx, second.startMinute)}: ${gap} min, enough time.`,
              ` La visita de ${first.patient} termina a las ${clock(ctx, first.endMinute)} y la de ${second.patient} empieza a las ${clock(ctx, second.startMinute)}: ${gap} min, tiempo suficiente.`,
            )
          : tr(
              ctx,
              ` ${first.patient}'s visit ends at ${clock(ctx, first.endMinute)} and ${second.patient}'s starts at ${clock(ctx, second.startMinute)}: only ${gap} min, ${minutes - gap} min short.`,
              ` La visita de ${first.patient} termina a las ${clock(ctx, first.endMinute)} y la de ${second.patient} empieza a las ${clock(ctx, second.startMinute)}: solo ${gap} min, faltan ${minutes - gap} min.`,
            );
    }
    return result(
      'answer',
      tr(
        ctx,
        `Driving from ${first.patient} (${first.address ?? 'no address'}) to ${second.patient} (${second.address ?? 'no address'}) takes about ${minutes} min, about ${distanceText(ctx, km)}.${gapText}`,
        `El trayecto de ${first.patient} (${first.address ?? 'sin dirección'}) a ${second.patient} (${second.address ?? 'sin dirección'}) es de unos ${minutes} min, unos ${distanceText(ctx, km)}.${gapText}`,
      ),
      {
        minutes,
        km: Math.round(km * 10) / 10,
        gapMinutes: first.date === second.date ? second.startMinute - first.endMinute : null,
      },
    );
  }
  const rangeFrom = dateArg(args, 'from', ctx);
  const home = (await ctx.home?.()) ?? null;
  if (rangeFrom) return driveRange(args, ctx, rangeFrom, home);
  const date = dateArg(args, 'date', ctx) ?? today(ctx);
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
  const legs = dayLegs(located, home).map((l) => ({
    ...l,
    from: l.from ? (l.from.patient ?? l.from.title) : homeName,
    to: l.to ? (l.to.patient ?? l.to.title) : homeName,
  }));
  const minutes = legs.reduce((s, l) => s + l.minutes, 0);
  const km = legs.reduce((s, l) => s + l.km, 0);
  const longest = [...legs].sort((a, b) => b.minutes - a.minutes)[0] as (typeof legs)[number];
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
    `${capitalize(when(ctx, date))} you drive about ${minutes} min, about ${distanceText(ctx, km)}, ${counted}. The longest leg is ${longest.from} to ${longest.to}, about ${longest.minutes} min.${skipped ? ` ${skipped} visit${skipped === 1 ? ' has' : 's have'} no known location and ${skipped === 1 ? 'is' : 'are'} not counted.` : ''}`,
    `${capitalize(when(ctx, date))} conduces unos ${minutes} min, unos ${distanceText(ctx, km)}, ${counted}. El trayecto más largo es de ${longest.from} a ${longest.to}, unos ${longest.minutes} min.${skipped ? ` ${plural(ctx, skipped, 'visit', 'visita')} sin ubicación conocida no se cuenta${skipped === 1 ? '' : 'n'}.` : ''}`,
  );
  return result('answer', say, {
    date,
    minutes,
    km: Math.round(km * 10) / 10,
    countsHomeLegs: home !== null,
    legs: legs.map((l) => ({ ...l, km: Math.round(l.km * 10) / 10 })),
  });
}

/**
 * The legs of a day in calendar order between its located visits, and from and back home when the home is known
 * (`from`/`to` null = home): the legs the Route view counts for the calendar order.
 */
function dayLegs(
  located: Visit[],
  home: LatLon | null,
): Array<{ from: Visit | null; to: Visit | null; minutes: number; km: number }> {
  const stops: Array<{ visit: Visit | null; at: LatLon }> = located.map((v) => ({ visit: v, at: v.coords as LatLon }));
  if (home && stops.length > 0) {
    stops.unshift({ visit: null, at: home });
    stops.push({ visit: null, at: home });
  }
  return stops.slice(1).map((stop, i) => {
    const prev = stops[i] as (typeof stops)[number];
    return {
      from: prev.visit,
      to: stop.visit,
      minutes: driveMinutes(prev.at, stop.at).minutes,
      km: roadKm(prev.at, stop.at),
    };
  });
}

/** Driving over several days: per day and in total, in calendar order. */
async function driveRange(args: Args, ctx: ToolContext, from: string, home: LatLon | null): Promise<ToolResult> {
  const to = dateArg(args, 'to', ctx) ?? from;
  checkRange(from, to);
  const days = await loadDays(ctx, from, to);
  const perDay = [...days.entries()]
    .map(([date, list]) => {
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

/** Where the clinician's day starts and ends, when the caller knows it (the tool reads it if present). */
export interface HomeAware {
  home?(): Promise<{ lat: number; lon: number } | null>;
}

/**
 * The day's best order: the Route view's plan (core/routing/plan-day), with the calendar's booked times and
 * the same legs (from and back home when the context knows the home; said when it does not). A day with no
 * feasible order gets no saving: which windows break, by how much, and the least-late order, named so.
 */
export async function optimizeRoute(args: Args, ctx: ToolContext & HomeAware): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx) ?? addDays(today(ctx), 1);
  const dayVisits = await loadDay(ctx, date);
  const events = await ctx.calendar.list(
    zonedDateTime(date, 0, ctx.timeZone).instant,
    zonedDateTime(addDays(date, 1), 0, ctx.timeZone).instant,
  );
  const home = (await ctx.home?.()) ?? null;
  const plan = planDay(events, date, home ? { home: { lat: home.lat, lon: home.lon, label: 'Home' } } : {});
  const byId = new Map(dayVisits.map((v) => [v.id, v]));
  const span = when(ctx, date);
  if (plan.error)
    return result(
      'answer',
      tr(ctx, `I couldn't plan ${span}: ${plan.error}`, `No pude planificar ${span}: ${plan.error}`),
    );
  const report = plan.report;
  if (!report || report.optimized.stops.length < 2) {
    return result(
      'answer',
      tr(
        ctx,
        `You have ${plural(ctx, plan.visits.length, 'visit', 'visita')} with a known location ${span}, so there is nothing to reorder.`,
        `Tienes ${plural(ctx, plan.visits.length, 'visit', 'visita')} con ubicación conocida ${span}: no hay nada que reordenar.`,
      ),
      { date, order: plan.visits.map((v) => v.id) },
    );
  }
  const name = (id: string) => {
    const v = byId.get(id);
    return v ? `${v.patient ?? v.title} (${tr(ctx, 'booked', 'reservada a las')} ${clock(ctx, v.startMinute)})` : id;
  };
  const order = report.optimized.order.map((id, i) => `${i + 1}. ${name(id)}`).join('\n');
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
  };
  if (!report.feasible) {
    // No saving: say which windows break and by how much, and which order is the least late.
    const broken = [...report.unservable, ...report.violations]
      .filter((v, i, all) => all.findIndex((w) => w.visitId === v.visitId && w.reason === v.reason) === i)
      .map((v) => v.message)
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
        `No order ${span} meets every patient's time window, so there is no saving to claim. ${broken} ${which}`,
        `Ningún orden ${span} cumple todas las franjas horarias, así que no hay ahorro que indicar. ${which}`,
      ),
      facts,
    );
  }
  if (same || (saved ?? 0) < 1) {
    return result(
      'answer',
      tr(
        ctx,
        `Your calendar order ${span} is already the best: about ${before} min of driving ${legs}, ${report.optimized.stops.length} visits.`,
        `El orden de tu calendario ${span} ya es el mejor: unos ${before} min de conducción ${legs}, ${report.optimized.stops.length} visitas.`,
      ),
      facts,
    );
  }
  return result(
    'answer',
    tr(
      ctx,
      `Best order ${span} (${report.optimized.stops.length} visits):\n${order}\nDriving drops from about ${before} to ${after} min ${legs}: you save ${saved} min (${Math.round(report.savedPercent ?? 0)}%). Your calendar is unchanged; the Route view shows the same plan.`,
      `Mejor orden ${span} (${report.optimized.stops.length} visitas):\n${order}\nLa conducción baja de unos ${before} a ${after} min ${legs}: ahorras ${saved} min (${Math.round(report.savedPercent ?? 0)} %). Tu calendario no cambia.`,
    ),
    facts,
  );
}

/** A patient's details from their visits: address, phone, usual window, next visit, notes. */
export async function patientDetails(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const asked = stringArg(args, 'patient');
  if (!asked) throw new ArgumentError('Which patient?');
  const roster = await loadRoster(ctx);
  const match = findPatient(asked, roster);
  if (match.kind === 'many') return ambiguousPatient(ctx, asked, match.names);
  if (match.kind === 'none')
    return result(
      'not_found',
      tr(
        ctx,
        `I don't see a patient called "${asked}" on your calendar in the last or next 30 days.`,
        `No veo a ningún paciente llamado "${asked}" en tu calendario en los últimos o próximos 30 días.`,
      ),
    );
  const t = today(ctx);
  const nowMinute = zonedMinute(ctx.now, ctx.timeZone);
  const visits = match.visits.sort(byTime);
  const next = visits.find((v) => v.date > t || (v.date === t && v.endMinute > nowMinute));
  const latest = visits.at(-1) as Visit;
  const info = next ?? latest;
  const parts = [`${match.name}:`];
  if (info.address) parts.push(tr(ctx, `address ${info.address};`, `dirección ${info.address};`));
  if (info.phone) parts.push(tr(ctx, `phone ${info.phone};`, `teléfono ${info.phone};`));
  if (info.window)
    parts.push(tr(ctx, `available ${windowText(ctx, info.window)};`, `disponible ${windowText(ctx, info.window)};`));
  parts.push(
    next
      ? tr(
          ctx,
          `next visit ${when(ctx, next.date)} at ${clock(ctx, next.startMinute)}${next.visitType ? ` (${next.visitType})` : ''}.`,
          `próxima visita ${when(ctx, next.date)} a las ${clock(ctx, next.startMinute)}${next.visitType ? ` (${next.visitType})` : ''}.`,
        )
      : tr(
          ctx,
          `no upcoming visit; the last one was ${when(ctx, latest.date)}.`,
          `sin visitas próximas; la última fue ${when(ctx, latest.date)}.`,
        ),
  );
  const notes = [...new Set(visits.map((v) => v.notes).filter(Boolean))];
  if (notes.length)
    parts.push(
      tr(ctx, `Notes: ${notes.join(' ').replace(/\n/g, ' ')}`, `Notas: ${notes.join(' ').replace(/\n/g, ' ')}`),
    );
  return result('answer', parts.join(' ').replace(/;\s*$/, '.'), {
    patient: match.name,
    address: info.address,
    phone: info.phone,
    next: next ? visitFacts(next) : null,
    visits: visits.map(visitFacts),
  });
}
