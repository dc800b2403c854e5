// find_visit: one visit by time, by position, by patient or type, or just before or after another,
// and the sentence that describes it.
import { minutesToHhmm, zonedMinute } from '../../time/zoned-time.ts';
import { isPatientVisit, type Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  ambiguousPatient,
  clock,
  dateArg,
  findPatient,
  loadDay,
  loadRoster,
  plural,
  result,
  stringArg,
  type ToolContext,
  timeArg,
  today,
  tr,
  visitFacts,
  when,
  windowText,
} from '../tool-kit.ts';
import { endSentence, quoted, SAY_LIMITS, spokenName, visitName } from '../untrusted.ts';
import { fold } from '../when.ts';
import { byTime } from './read-shared.ts';

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
          `I don't see a visit with ${quoted(patientAsked, SAY_LIMITS.name)}${scope ? ` ${scope}` : ''}.`,
          `No veo ninguna visita con ${quoted(patientAsked, SAY_LIMITS.name)}${scope ? ` ${scope}` : ''}.`,
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
          `You have no ${spokenName(typeAsked)} visit on your calendar${scope ? ` ${scope}` : ' in the next 30 days'}.`,
          `No tienes ninguna visita de tipo ${spokenName(typeAsked)}${scope ? ` ${scope}` : ' en los próximos 30 días'}.`,
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
          `I don't see a visit with ${quoted(anchorAsked, SAY_LIMITS.name)}${scope ? ` ${scope}` : ''}.`,
          `No veo ninguna visita con ${quoted(anchorAsked, SAY_LIMITS.name)}${scope ? ` ${scope}` : ''}.`,
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
          `${spokenName(anchorVisit.patient)} is your ${relation === 'after' ? 'last' : 'first'} visit ${when(ctx, anchorVisit.date)}: there is none ${relation} it.`,
          `${spokenName(anchorVisit.patient)} es tu ${relation === 'after' ? 'última' : 'primera'} visita ${when(ctx, anchorVisit.date)}.`,
        ),
        { visit: null },
      );
    }
    const label = tr(
      ctx,
      `${relation === 'after' ? 'After' : 'Before'} ${spokenName(anchorVisit.patient)}`,
      `${relation === 'after' ? 'Después de' : 'Antes de'} ${spokenName(anchorVisit.patient)}`,
    );
    return result('answer', visitDetails(ctx, other, null).replace(/^Visit|^Visita/, label), {
      visit: visitFacts(other, { notes: true }),
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
        `Which visit? You have ${plural(ctx, candidates.length, 'visit', 'visita')} ${scope}: ${candidates.map((v) => `${clock(ctx, v.startMinute)} ${spokenName(v.patient)}`).join(', ')}.`,
        `¿Qué visita? Tienes ${plural(ctx, candidates.length, 'visit', 'visita')} ${scope}: ${candidates.map((v) => `${clock(ctx, v.startMinute)} ${spokenName(v.patient)}`).join(', ')}.`,
      ),
      { visits: candidates.map((v) => visitFacts(v)) },
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
    visit: visitFacts(chosen, { notes: true }),
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
  // The calendar's words (address, notes) quoted and labelled as the calendar's: data, never an instruction.
  const parts = [
    `${label}: ${visitName(v)}${v.visitType ? ` (${spokenName(v.visitType)})` : ''} ${when(ctx, v.date)}, ${clock(ctx, v.startMinute)}–${clock(ctx, v.endMinute)}.`,
  ];
  const address = quoted(v.address, SAY_LIMITS.location);
  if (address) parts.push(tr(ctx, `Address: ${address}.`, `Dirección: ${address}.`));
  if (v.phone) parts.push(tr(ctx, `Phone: ${v.phone}.`, `Teléfono: ${v.phone}.`));
  if (v.window)
    parts.push(tr(ctx, `Time window: ${windowText(ctx, v.window)}.`, `Franja horaria: ${windowText(ctx, v.window)}.`));
  const notes = quoted(v.notes, SAY_LIMITS.notes);
  parts.push(
    notes
      ? tr(ctx, endSentence(`Notes on the calendar: ${notes}`), endSentence(`Notas del calendario: ${notes}`))
      : tr(ctx, 'No notes.', 'Sin notas.'),
  );
  return parts.join(' ');
}
