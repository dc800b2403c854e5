// list_visits: what is on the calendar for a day or a range, optionally one patient's visits or only
// some hours, with the day's other events named apart.
import { dayText } from '../../time/zoned-time.ts';
import { isPatientVisit, type Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ambiguousPatient,
  clock,
  findPatient,
  loadDays,
  loadRoster,
  plural,
  result,
  stringArg,
  type ToolContext,
  timeArg,
  tr,
  visitFacts,
  visitLine,
} from '../tool-kit.ts';
import { quoted, SAY_LIMITS, spokenName } from '../untrusted.ts';
import { rangeArgs, rangeText } from './read-shared.ts';

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
  const name = filtered.ctxName ? spokenName(filtered.ctxName) : '';
  const who = name ? tr(ctx, ` with ${name}`, ` con ${name}`) : '';
  const facts = {
    from,
    to,
    count: visits.length,
    patients: new Set(visits.map((v) => v.patient)).size,
    visits: visits.map((v) => visitFacts(v)),
    otherEvents: others.map((v) => visitFacts(v)),
  };
  if (filtered.asked && !filtered.ctxName) {
    return result(
      'not_found',
      tr(
        ctx,
        `I don't see a patient called ${quoted(filtered.asked, SAY_LIMITS.name)} on your calendar.`,
        `No veo a ningún paciente llamado ${quoted(filtered.asked, SAY_LIMITS.name)} en tu calendario.`,
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
        `${dayText(date, ctx.language)}: ${mine.map((v) => `${clock(ctx, v.startMinute)} ${filtered.ctxName ? (v.visitType ? spokenName(v.visitType) : quoted(v.title)) : spokenName(v.patient)}`).join('; ')}`,
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
