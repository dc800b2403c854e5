// summarize_days: counts for a range or a list of days (visits, patients, booked time), the lightest and
// busiest day, and how two days compare.
import { dayText, minutesToHhmm, weekdayOf } from '../../time/zoned-time.ts';
import { isPatientVisit, type Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  clock,
  dateArg,
  loadDays,
  plural,
  result,
  type ToolContext,
  tr,
} from '../tool-kit.ts';
import { DATA_LIMITS, dataText, quoted } from '../untrusted.ts';
import { capitalize, rangeArgs, rangeText } from './read-shared.ts';

interface DaySummary {
  date: string;
  visits: number;
  patients: number;
  bookedMinutes: number;
  first: string | null;
  lastEnd: string | null;
  /** The titles of the day's all-day events: the calendar's words, data (quoted when said). */
  calendarText: { allDay: string[] };
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
    calendarText: { allDay: list.filter((v) => v.allDay).map((v) => dataText(v.title, DATA_LIMITS.title)) },
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
  const allDayText = (d: DaySummary) =>
    d.calendarText.allDay.length
      ? ` (${tr(ctx, 'all day', 'todo el día')}: ${d.calendarText.allDay.map((title) => quoted(title)).join(', ')})`
      : '';
  const line = (d: DaySummary) =>
    d.visits
      ? tr(
          ctx,
          `${dayText(d.date)}: ${plural(ctx, d.visits, 'visit', 'visita')} (${hoursText(d.bookedMinutes)} booked, ${clock(ctx, Number(d.first?.slice(0, 2)) * 60 + Number(d.first?.slice(3)))} to ${clock(ctx, Number(d.lastEnd?.slice(0, 2)) * 60 + Number(d.lastEnd?.slice(3)))})`,
          `${dayText(d.date, 'es')}: ${plural(ctx, d.visits, 'visit', 'visita')} (${hoursText(d.bookedMinutes)} reservadas)`,
        )
      : `${dayText(d.date, ctx.language)}: ${tr(ctx, 'no visits', 'sin visitas')}${allDayText(d)}`;
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
  const emptyText = (d: DaySummary) => `${dayText(d.date, ctx.language)}${allDayText(d)}`;
  if (empty.length) {
    tail.push(
      tr(ctx, `No visits on ${empty.map(emptyText).join('; ')}.`, `Sin visitas: ${empty.map(emptyText).join('; ')}.`),
    );
  }
  return result('answer', [head, ...tail].join(' '), facts);
}
