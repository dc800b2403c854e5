// The tools of a confirmation call, for the patient on the phone: times that fit their window and the
// clinician's day, moving (or, without calendar write access, requesting) a new time, and "stop calling
// me". Bound to ONE visit by the call token's scope: they never read out or change anything else, and
// their sentences never name another patient, a diagnosis or a visit type.

import {
  CONFIRMATION_TOOLS,
  type ConfirmationCallRecords,
  type ConfirmationToolName,
  type OfferedSlot,
} from '../../confirmations/contract.ts';
import { clockText, dayText, zonedDate, zonedDateTime, zonedMinute } from '../../time/zoned-time.ts';
import { durationMinutes, toVisit, type Visit } from '../../visits/visits.ts';
import type { ConfirmationScope } from '../call-token.ts';
import type { ToolResult } from '../contract.ts';
import { type Args, type ToolContext, tr } from '../tool-kit.ts';
import { parseArguments } from './index.ts';
import { checkSlot, fittingIntervals, type Place } from './write-tools.ts';

export interface ConfirmationToolContext extends ToolContext {
  scope: ConfirmationScope;
  store: ConfirmationCallRecords;
  /**
   * The patient's zone, where it is not the calendar's: the times the patient hears are said in it. The day's
   * arithmetic (the clinician's workday, the drives) stays in the calendar's zone (`timeZone`).
   */
  patientTimeZone?: string;
}

/** A start (minute of the visit's day in the calendar's zone) as the patient hears it, in their own zone. */
function heard(ctx: ConfirmationToolContext, date: string, minute: number): string {
  const zone = ctx.patientTimeZone ?? ctx.timeZone;
  const local = zone === ctx.timeZone ? minute : zonedMinute(zonedDateTime(date, minute, ctx.timeZone).instant, zone);
  return clockText(local, ctx.language);
}

/** How many times are offered at once (a phone call, not a menu). */
const MAX_OFFERS = 3;
/** Offered starts are at least this far from the booked time and from each other: "later" means a real choice. */
const OFFER_SPACING = 15;

export function isConfirmationTool(name: unknown): name is ConfirmationToolName {
  return typeof name === 'string' && (CONFIRMATION_TOOLS as readonly string[]).includes(name);
}

const answer = (status: ToolResult['status'], say: string, facts: Record<string, unknown> = {}): ToolResult => ({
  status,
  say,
  ...facts,
});

async function theVisit(ctx: ConfirmationToolContext): Promise<Visit | null> {
  const event = await ctx.calendar.get(ctx.scope.eventId);
  if (!event || event.allDay) return null;
  return toVisit(event, ctx.timeZone);
}

async function othersOfDay(ctx: ConfirmationToolContext, visit: Visit): Promise<Visit[]> {
  const from = zonedDateTime(visit.date, 0, ctx.timeZone).instant;
  const to = zonedDateTime(visit.date, 24 * 60 - 1, ctx.timeZone).instant;
  const events = await ctx.calendar.list(from, to);
  return events.map((e) => toVisit(e, ctx.timeZone)).filter((v) => v.id !== visit.id);
}

function placeOf(visit: Visit): Place {
  return { coords: visit.coords, window: visit.window, name: visit.patient ?? 'the patient' };
}

/** Spaced starts from the fitting intervals, on the side the patient asked for. */
function offers(intervals: Array<[number, number]>, current: number, preference: string): number[] {
  const starts: number[] = [];
  for (const [a, b] of intervals) {
    for (let s = a; s <= b; s += 5) {
      if (Math.abs(s - current) < OFFER_SPACING) continue;
      if (preference === 'later' && s < current) continue;
      if (preference === 'earlier' && s > current) continue;
      if (starts.length && s - (starts.at(-1) as number) < OFFER_SPACING) continue;
      starts.push(s);
    }
  }
  // Earlier: the closest ones to the booked time first.
  const ordered = preference === 'earlier' ? starts.reverse() : starts;
  return ordered.slice(0, MAX_OFFERS).sort((x, y) => x - y);
}

const gone = (ctx: ToolContext): ToolResult =>
  answer(
    'not_found',
    tr(
      ctx,
      'I can no longer find this visit on the schedule. The office will call you back.',
      'Ya no encuentro esta visita en la agenda. La oficina le devolverá la llamada.',
    ),
  );

export async function offerVisitTimes(args: Args, ctx: ConfirmationToolContext): Promise<ToolResult> {
  const visit = await theVisit(ctx);
  if (!visit || visit.date !== ctx.scope.visitDate) return gone(ctx);
  const preference = ['earlier', 'later'].includes(String(args.preference)) ? String(args.preference) : 'any';
  const duration = durationMinutes(visit);
  const day = await othersOfDay(ctx, visit);
  const intervals = fittingIntervals(ctx, visit.date, day, duration, placeOf(visit));
  const starts = offers(intervals, visit.startMinute, preference);
  const slots: OfferedSlot[] = starts.map((s) => ({
    start: zonedDateTime(visit.date, s, ctx.timeZone).rfc3339,
    label: heard(ctx, visit.date, s),
  }));
  if (slots.length === 0) {
    return answer(
      'answer',
      tr(
        ctx,
        `I'm sorry, there is no other time that day. I can pass on a request for another day to the office.`,
        'Lo siento, no hay otra hora ese día. Puedo pasar a la oficina una petición para otro día.',
      ),
      { slots },
    );
  }
  const list = slots.map((s) => s.label).join(tr(ctx, ' or ', ' o '));
  return answer(
    'answer',
    tr(ctx, `On ${dayText(visit.date)} I can offer ${list}.`, `El ${dayText(visit.date, 'es')} puedo ofrecer ${list}.`),
    { slots },
  );
}

export async function rescheduleVisit(args: Args, ctx: ConfirmationToolContext): Promise<ToolResult> {
  const visit = await theVisit(ctx);
  if (!visit || visit.date !== ctx.scope.visitDate) return gone(ctx);
  const asked = typeof args.start === 'string' ? new Date(args.start) : null;
  const invalid = (en: string, es: string) => answer('invalid', tr(ctx, en, es));
  if (!asked || Number.isNaN(asked.getTime())) {
    return invalid('Which of the offered times would you like?', '¿Cuál de las horas ofrecidas prefiere?');
  }
  if (zonedDate(asked, ctx.timeZone) !== visit.date) {
    return invalid(
      'I can only move the visit within the same day on this call; the office can arrange another day.',
      'En esta llamada solo puedo cambiar la hora el mismo día; la oficina puede organizar otro día.',
    );
  }
  const start = zonedMinute(asked, ctx.timeZone);
  const duration = durationMinutes(visit);
  const day = await othersOfDay(ctx, visit);
  const fits = checkSlot(ctx, visit.date, day, start, duration, placeOf(visit)).problems.length === 0;
  if (!fits) {
    return invalid(
      'That time no longer works. Shall I check the times that are still open?',
      'Esa hora ya no está disponible. ¿Reviso las horas que quedan libres?',
    );
  }
  const newStart = zonedDateTime(visit.date, start, ctx.timeZone);
  const when = heard(ctx, visit.date, start);
  if (await ctx.canWrite()) {
    await ctx.calendar.move(
      visit.id,
      newStart.rfc3339,
      zonedDateTime(visit.date, start + duration, ctx.timeZone).rfc3339,
      ctx.timeZone,
    );
    await ctx.store.recordOutcome(ctx.userId, visit.date, visit.id, {
      status: 'moved',
      newStart: newStart.instant.toISOString(),
      detail: null,
      late: false,
    });
    return answer('done', tr(ctx, `Done: your visit is now at ${when}.`, `Listo: su visita queda a las ${when}.`), {
      newStart: newStart.rfc3339,
      calendarChanged: true,
    });
  }
  await ctx.store.recordOutcome(ctx.userId, visit.date, visit.id, {
    status: 'move-requested',
    newStart: newStart.instant.toISOString(),
    detail: null,
    late: false,
  });
  return answer(
    'proposal',
    tr(
      ctx,
      `I've passed on your request for ${when}. The office will call you to confirm; until then, the original time stands.`,
      `He pasado su petición para las ${when}. La oficina le llamará para confirmarla; mientras tanto, sigue la hora original.`,
    ),
    { newStart: newStart.rfc3339 },
  );
}

export async function stopCalls(_args: Args, ctx: ConfirmationToolContext): Promise<ToolResult> {
  const row = await ctx.store.current(ctx.userId, ctx.scope.visitDate, ctx.scope.eventId);
  if (row?.phone) await ctx.store.addDoNotCall(row.phone);
  if (row) {
    await ctx.store.recordOutcome(ctx.userId, ctx.scope.visitDate, ctx.scope.eventId, {
      status: 'opted-out',
      newStart: null,
      detail: null,
      late: false,
    });
  }
  return answer(
    'done',
    tr(
      ctx,
      'Understood: we will not call this number again. Your visit is not cancelled.',
      'Entendido: no volveremos a llamar a este número. Su visita no se cancela.',
    ),
  );
}

const RUNNERS: Record<ConfirmationToolName, (args: Args, ctx: ConfirmationToolContext) => Promise<ToolResult>> = {
  offer_visit_times: offerVisitTimes,
  reschedule_visit: rescheduleVisit,
  stop_calls: stopCalls,
};

/** Runs a confirmation tool; arguments as a JSON string or an object. */
export async function runConfirmationTool(
  name: string,
  rawArgs: unknown,
  ctx: ConfirmationToolContext,
): Promise<ToolResult> {
  if (!isConfirmationTool(name)) {
    return answer('invalid', 'This call can only confirm or reschedule this one visit.');
  }
  const args = parseArguments(rawArgs);
  if (!args) return answer('invalid', 'The tool arguments were not a JSON object.');
  return RUNNERS[name](args, ctx);
}
