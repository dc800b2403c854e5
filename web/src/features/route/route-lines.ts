// The lines core/routing writes for the Route view (why each visit moved, windows that cannot be met, why an event
// is not planned, which legs are counted, the rule followed), said in the dashboard's language. Core says them in
// English for every face (the CLI, the assistant); the report keeps no other form of them, so each line is read
// back by its fixed shape, with the day's visit titles for the names it holds, and said again from the catalog
// (English word for word as core wrote it). A line of a shape not known here is shown as core wrote it.
import { legsNote } from '../../../../core/routing/index.ts';
import { formatClock } from '../../components/time-format.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import type { Translate } from '../../i18n/use-t.ts';

const TIME = String.raw`(\d{1,2}:\d\d)`;
const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

/** The decimal separator of the dashboard's language ("." or ","). */
function decimalSeparator(t: Translate): string {
  return t.intl.formatNumber(1.5).replace(/\d/g, '') || '.';
}

/** A number as written in English ("12.5", "14.2") in the dashboard's language ("12,5"), same digits. */
export function localDecimal(t: Translate, english: string): string {
  return english.replace('.', decimalSeparator(t));
}

/** The name a line starts with (after `prefix`), the longest of the day's titles that fits, and what follows. */
function nameAt(line: string, prefix: string, names: readonly string[], after: string): [string, string] | null {
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const head = `${prefix}${name}${after}`;
    if (line.startsWith(head)) return [name, line.slice(head.length)];
  }
  return null;
}

function effectText(t: Translate, effect: string): string | null {
  if (effect === 'same driving') return t('route.change.same');
  if (effect === 'part of the least-late order (no order keeps every window, so no saving is claimed)')
    return t('route.change.leastLate');
  const saves = new RegExp(`^saves ${NUMBER} min of driving$`).exec(effect);
  if (saves) return t('route.change.saves', { minutes: localDecimal(t, saves[1] as string) });
  const adds = new RegExp(`^adds ${NUMBER} min of driving \\(needed for the rest of the new order\\)$`).exec(effect);
  if (adds) return t('route.change.adds', { minutes: localDecimal(t, adds[1] as string) });
  return null;
}

function windowText(t: Translate, note: string): string | null {
  const missed = new RegExp(`^window ${TIME}–${TIME} missed by ${NUMBER} min$`).exec(note);
  if (missed) {
    const [, from, to, minutes] = missed as unknown as [string, string, string, string];
    return t('route.change.windowMissed', {
      from: formatClock(from),
      to: formatClock(to),
      minutes: localDecimal(t, minutes),
    });
  }
  const met = new RegExp(`^window ${TIME}–${TIME} still met \\(starts ${TIME}\\)$`).exec(note);
  if (met) {
    const [, from, to, start] = met as unknown as [string, string, string, string];
    return t('route.change.windowMet', { from: formatClock(from), to: formatClock(to), start: formatClock(start) });
  }
  return null;
}

/** "Moved Ann Ray before Joe Kim: saves 4.2 min of driving; window 09:00–12:00 still met (starts 10:05)". */
export function changeLineText(t: Translate, line: string, names: readonly string[], shown: string): string {
  const moved = nameAt(line, 'Moved ', names, ' ');
  if (!moved) return shown;
  const [name, rest] = moved;
  let where: string;
  let tail: string;
  if (rest.startsWith('to the end of the day: ')) {
    where = t('route.change.toEnd');
    tail = rest.slice('to the end of the day: '.length);
  } else {
    const before = nameAt(rest, 'before ', names, ': ');
    if (!before) return shown;
    where = t('route.change.before', { name: before[0] });
    tail = before[1];
  }
  const split = tail.indexOf('; window ');
  const effect = effectText(t, split < 0 ? tail : tail.slice(0, split));
  if (effect === null) return shown;
  if (split < 0) return t('route.change.line', { name, where, effect });
  const window = windowText(t, tail.slice(split + 2));
  return window === null ? shown : t('route.change.lineWithWindow', { name, where, effect, window });
}

/** A window that cannot be met, as core/routing's evaluate.ts and explain.ts write it. */
export function problemLineText(t: Translate, line: string, names: readonly string[], shown: string): string {
  const backLate = new RegExp(`^back at ${TIME}, ${NUMBER} min after working hours end \\(${TIME}\\)$`).exec(line);
  if (backLate) {
    const [, finish, minutes, end] = backLate as unknown as [string, string, string, string];
    return t('route.problem.backLate', {
      finish: formatClock(finish),
      minutes: localDecimal(t, minutes),
      end: formatClock(end),
    });
  }
  const named = nameAt(line, '', names, ': ');
  if (!named) return shown;
  const [name, rest] = named;
  if (rest === 'no route from the start location in the travel-time matrix')
    return t('route.problem.noRouteFromStart', { name });
  if (rest === 'no route to the end location in the travel-time matrix')
    return t('route.problem.noRouteToEnd', { name });
  const late = new RegExp(
    `^(even as the first visit the earliest arrival is|arrives) ${TIME}, ${NUMBER} min after the latest start ${TIME}$`,
  ).exec(rest);
  if (late) {
    const [, how, arrival, minutes, latest] = late as unknown as [string, string, string, string, string];
    return t(how === 'arrives' ? 'route.problem.arrivesLate' : 'route.problem.lateEvenFirst', {
      name,
      arrival: formatClock(arrival),
      minutes: localDecimal(t, minutes),
      latest: formatClock(latest),
    });
  }
  const alone = new RegExp(
    `^does not fit in working hours even alone \\(back at ${TIME}, ${NUMBER} min after ${TIME}\\)$`,
  ).exec(rest);
  if (alone) {
    const [, finish, minutes, end] = alone as unknown as [string, string, string, string];
    return t('route.problem.notInHoursAlone', {
      name,
      finish: formatClock(finish),
      minutes: localDecimal(t, minutes),
      end: formatClock(end),
    });
  }
  return shown;
}

const SKIP_REASONS: Readonly<Record<string, MessageId>> = {
  'not a visit: you marked this name as not a patient': 'route.skip.markedNotPatient',
  'no address on the event': 'route.skip.noAddress',
  'its address has not been located (no geocoder here)': 'route.skip.notLocatedHere',
  'its address could not be found on the map': 'route.skip.notFound',
  'its address could not be located just now': 'route.skip.notLocatedNow',
  'ends before it starts': 'route.skip.endsBeforeStart',
};

const NOT_A_VISIT: Readonly<Record<string, MessageId>> = {
  'no patient': 'route.skip.noPatient',
  'it names a person but no visit and no home address': 'route.skip.personNoVisit',
  'it names no patient and no visit': 'route.skip.noPatientNoVisit',
  'an all-day event is not a visit at a time': 'route.skip.allDay',
};

/** Why an event is not planned (core/routing/calendar-day.ts, with recognition's first reason). */
export function skippedReasonText(t: Translate, reason: string): string {
  const fixed = SKIP_REASONS[reason];
  if (fixed) return t(fixed);
  if (!reason.startsWith('not a visit: ')) return reason;
  const why = reason.slice('not a visit: '.length);
  const known = NOT_A_VISIT[why];
  if (known) return t('route.skip.notAVisit', { why: t(known) });
  const inPerson = /^“(.+)”: not a visit in person at this time$/.exec(why);
  if (inPerson) return t('route.skip.notAVisit', { why: t('route.skip.notInPerson', { word: inPerson[1] }) });
  const marks = /^“(.+)” marks it as not a visit$/.exec(why);
  if (marks) return t('route.skip.notAVisit', { why: t('route.skip.marksNotVisit', { word: marks[1] }) });
  return reason;
}

/** Which legs the totals count (core's legsNote, one of four). */
export function legsNoteText(t: Translate, note: string): string {
  if (note === legsNote(true, true)) return t('route.legs.homeBoth');
  if (note === legsNote(true, false)) return t('route.legs.startOnly');
  if (note === legsNote(false, true)) return t('route.legs.endOnly');
  if (note === legsNote(false, false)) return t('route.legs.none');
  return note;
}

/** The rule the plan followed (core/routing/move-rule.ts ruleText). */
export function ruleLineText(t: Translate, text: string): string {
  if (text === 'A past day: every visit keeps its booked time.') return t('route.rule.pastDay');
  if (text === "Today's visits keep their booked times (your rule); only the drives between them are compared.")
    return t('route.rule.todayFixed');
  if (text === 'Visits keep their booked times (your rule); only the drives between them are compared.')
    return t('route.rule.keepTimes');
  if (
    text ===
    'Visits may move anywhere inside the patient\'s preferred window; visits marked "time is fixed" keep theirs.'
  )
    return t('route.rule.anywhere');
  const within =
    /^Visits may move up to (\d+) minutes from their booked times, inside the patient's preferred window; visits marked "time is fixed" keep theirs\.$/.exec(
      text,
    );
  return within ? t('route.rule.within', { minutes: Number(within[1]) }) : text;
}
