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
  loadDay,
  loadRoster,
  noPatientCalled,
  type PatientMatch,
  plural,
  resolvePatient,
  result,
  stringArg,
  type ToolContext,
  timeArg,
  today,
  tr,
  unknownPatient,
  visitFacts,
  when,
  windowText,
  withMatch,
} from '../tool-kit.ts';
import { DATA_LIMITS, dataText, endSentence, quoted, SAY_LIMITS, spokenName, visitName } from '../untrusted.ts';
import { fold } from '../when.ts';
import { byTime } from './read-shared.ts';

const POSITIONS = ['first', 'last', 'next', 'previous'] as const;

type Position = (typeof POSITIONS)[number] | number;

// Positions as people and models say them: "2nd", "third", "the last one", "la primera", "siguiente".
const POSITION_WORDS: Readonly<Record<string, Position>> = {
  first: 'first',
  primera: 'first',
  primero: 'first',
  earliest: 'first',
  last: 'last',
  final: 'last',
  latest: 'last',
  ultima: 'last',
  ultimo: 'last',
  next: 'next',
  upcoming: 'next',
  proxima: 'next',
  proximo: 'next',
  siguiente: 'next',
  previous: 'previous',
  prior: 'previous',
  anterior: 'previous',
  second: 2,
  segunda: 2,
  segundo: 2,
  third: 3,
  tercera: 3,
  tercero: 3,
  fourth: 4,
  cuarta: 4,
  cuarto: 4,
  fifth: 5,
  quinta: 5,
  quinto: 5,
  sixth: 6,
  sexta: 6,
  sexto: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** first, last, next, previous or a number (1 is the first), as the argument says it. */
function positionArg(args: Args): Position | null {
  const raw = args.position;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw) || raw < 1 || raw > 50)
      throw new ArgumentError('position must be a number from 1 to 50.');
    return raw;
  }
  const said = stringArg(args, 'position');
  if (said === null) return null;
  const words = fold(said)
    .replace(/\b(the|my|la|el|mi|one|visit|visita|cita|patient|paciente|appointment)\b/g, ' ')
    .trim();
  const number = /^(\d{1,2})(?:st|nd|rd|th|a|o|º|ª)?$/.exec(words);
  if (number) return positionArg({ position: Number(number[1]) });
  const word = POSITION_WORDS[words];
  if (word !== undefined) return word;
  throw new ArgumentError(
    `I couldn't read ${quoted(said, SAY_LIMITS.name)} as a position: pass first, last, next, previous or a number ("2").`,
  );
}

/** One visit: by time ("my 2pm"), by position (first / last / next / 2nd) or by patient. */
export async function findVisit(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const seen: { match: PatientMatch | null } = { match: null };
  const answer = await findOne(args, ctx, seen);
  // A name heard or spelt differently: the answer first says who it was taken to be.
  return seen.match ? withMatch(ctx, seen.match, answer) : answer;
}

async function findOne(args: Args, ctx: ToolContext, seen: { match: PatientMatch | null }): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx);
  const time = timeArg(args, 'time', ctx);
  const position = positionArg(args);
  const patientAsked = stringArg(args, 'patient');
  const relationAsked = stringArg(args, 'after') ?? stringArg(args, 'before');
  const typeAsked = stringArg(args, 'type');
  const t = today(ctx);
  const nowMinute = zonedMinute(ctx.now, ctx.timeZone);
  let candidates: Visit[];
  let scope: string;
  let roster: Visit[] | undefined;
  if (date) {
    candidates = (await loadDay(ctx, date)).filter(isPatientVisit);
    scope = when(ctx, date);
  } else if (patientAsked || typeAsked || relationAsked || position === 'next' || position === 'previous') {
    roster = await loadRoster(ctx);
    candidates = roster;
    scope = '';
  } else {
    candidates = (await loadDay(ctx, t)).filter(isPatientVisit);
    scope = when(ctx, t);
  }
  // Who a name means is decided among all the clinician's patients, never among the day's visits alone: a name
  // heard wrongly must not become whoever happens to be on that day.
  if (patientAsked) {
    const match = await resolvePatient(ctx, patientAsked, { roster, ...(date ? { within: candidates } : {}) });
    if (match.kind === 'many') return ambiguousPatient(ctx, patientAsked, match.names);
    if (match.kind === 'none') return unknownPatient(ctx, match, noPatientCalled(patientAsked));
    seen.match = match;
    candidates = candidates.filter(match.owns);
    if (!candidates.length)
      return result(
        'not_found',
        tr(
          ctx,
          `${spokenName(match.name)} has no visit on your calendar ${scope || 'in the last or next 30 days'}.`,
          `${spokenName(match.name)} no tiene ninguna visita en tu calendario ${scope || 'en los últimos o próximos 30 días'}.`,
        ),
        { patient: dataText(match.name, DATA_LIMITS.name) },
      );
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
  if (relation && relationAsked) {
    const anchorAsked = relationAsked;
    const sameDay = candidates.filter((v) => !date || v.date === date);
    const anchor = await resolvePatient(ctx, anchorAsked, { roster, ...(date ? { within: sameDay } : {}) });
    if (anchor.kind === 'many') return ambiguousPatient(ctx, anchorAsked, anchor.names);
    if (anchor.kind === 'none') return unknownPatient(ctx, anchor, noPatientCalled(anchorAsked));
    // Their visit on the day asked (or their next one), never another patient's.
    const theirs = sameDay.filter(anchor.owns).sort(byTime);
    const anchorVisit = theirs.find((v) => v.date > t || (v.date === t && v.endMinute > nowMinute)) ?? theirs[0];
    seen.match = anchor;
    if (!anchorVisit)
      return result(
        'not_found',
        tr(
          ctx,
          `${spokenName(anchor.name)} has no visit on your calendar ${scope || 'in the last or next 30 days'}.`,
          `${spokenName(anchor.name)} no tiene ninguna visita en tu calendario ${scope || 'en los últimos o próximos 30 días'}.`,
        ),
        { patient: dataText(anchor.name, DATA_LIMITS.name) },
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
