// list_visits: what is on the calendar for a day or a range, optionally one patient's visits or only
// some hours, with the day's other events named apart.
import { addDays, dayText } from '../../time/zoned-time.ts';
import { isPatientVisit, type Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ambiguousPatient,
  clock,
  loadDays,
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
  visitLine,
  withMatch,
} from '../tool-kit.ts';
import { quoted, spokenName } from '../untrusted.ts';
import { rangeArgs, rangeText } from './read-shared.ts';

/** One patient's visits only, when a patient is named: who the name means among all the clinician's patients. */
async function patientFilter(
  args: Args,
  ctx: ToolContext,
  visits: Visit[],
): Promise<{ visits: Visit[]; match: PatientMatch | null; error: ToolResult | null }> {
  const asked = stringArg(args, 'patient');
  if (!asked) return { visits, match: null, error: null };
  const match = await resolvePatient(ctx, asked, { within: visits });
  if (match.kind === 'many') return { visits: [], match: null, error: ambiguousPatient(ctx, asked, match.names) };
  if (match.kind === 'none')
    return { visits: [], match: null, error: unknownPatient(ctx, match, noPatientCalled(asked)) };
  return { visits: visits.filter(match.owns), match, error: null };
}

export async function listVisits(args: Args, ctx: ToolContext): Promise<ToolResult> {
  // A patient named without a day: their visits from today over the next 30 days, not today's alone.
  const t = today(ctx);
  const { from, to } = rangeArgs(args, ctx, stringArg(args, 'patient') ? { from: t, to: addDays(t, 30) } : undefined);
  const days = await loadDays(ctx, from, to);
  const all = [...days.values()].flat();
  const filtered = await patientFilter(args, ctx, all);
  if (filtered.error) return filtered.error;
  const match = filtered.match?.kind === 'one' ? filtered.match : null;
  const after = timeArg(args, 'after', ctx);
  const before = timeArg(args, 'before', ctx);
  const inHours = (v: Visit) =>
    v.allDay || ((after === null || v.endMinute > after) && (before === null || v.startMinute < before));
  const visits = filtered.visits.filter(isPatientVisit).filter(inHours);
  const others = match ? [] : all.filter((v) => !isPatientVisit(v)).filter(inHours);
  const hours =
    after !== null || before !== null
      ? tr(
          ctx,
          ` between ${clock(ctx, after ?? 0)} and ${clock(ctx, before ?? 24 * 60 - 1)}`,
          ` entre las ${clock(ctx, after ?? 0)} y las ${clock(ctx, before ?? 24 * 60 - 1)}`,
        )
      : '';
  const span = `${rangeText(ctx, from, to)}${hours}`;
  const name = match ? spokenName(match.name) : '';
  const who = name ? tr(ctx, ` with ${name}`, ` con ${name}`) : '';
  const matched = (answer: ToolResult) => (match ? withMatch(ctx, match, answer) : answer);
  const facts = {
    from,
    to,
    count: visits.length,
    patients: new Set(visits.map((v) => v.patient)).size,
    visits: visits.map((v) => visitFacts(v)),
    otherEvents: others.map((v) => visitFacts(v)),
  };
  if (visits.length === 0 && others.length === 0) {
    return matched(
      result('answer', tr(ctx, `You have no visits${who} ${span}.`, `No tienes visitas${who} ${span}.`), facts),
    );
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
        `${dayText(date, ctx.language)}: ${mine.map((v) => `${clock(ctx, v.startMinute)} ${match ? (v.visitType ? spokenName(v.visitType) : quoted(v.title)) : spokenName(v.patient)}`).join('; ')}`,
      );
    }
    say = `${tr(
      ctx,
      `You have ${plural(ctx, visits.length, 'visit', 'visita')}${who} ${span}:`,
      `Tienes ${plural(ctx, visits.length, 'visit', 'visita')}${who} ${span}:`,
    )}\n${lines.join('\n')}`;
  }
  return matched(result('answer', say, facts));
}
