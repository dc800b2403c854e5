// How far the planner may move a clinician's visits: the clinician's rule (by default, today's visits keep their
// booked times — the patients expect them — and later visits may move up to 90 minutes from theirs), always inside
// the patient's preferred window, never for a visit whose time is marked fixed. Every plan says the rule it
// followed, in these words.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import type { VisitInput } from './day-plan.ts';
import { formatClock } from './model.ts';

export interface MoveRule {
  /** Today's (and past days') visits keep their booked times. */
  todayFixed: boolean;
  /** How far from its booked start a visit may move, in minutes; null: anywhere inside the patient's window. */
  withinMinutes: number | null;
}

export const DEFAULT_MOVE_RULE: MoveRule = { todayFixed: true, withinMinutes: 90 };

/** The choices the Route view offers for "later visits may move up to …" (null: anywhere in the window). */
export const WITHIN_CHOICES: readonly (number | null)[] = [0, 30, 60, 90, 120, 180, null];

/** The clinician's rule from their profile row (move_rule_set, move_today_fixed, move_within_minutes), else the default. */
export function ruleFromProfile(row: Record<string, unknown> | null | undefined): MoveRule {
  if (row?.move_rule_set !== true) return DEFAULT_MOVE_RULE;
  const within = row.move_within_minutes;
  return {
    todayFixed: row.move_today_fixed !== false,
    withinMinutes:
      typeof within === 'number' && Number.isInteger(within) && within >= 0 && within <= 480 ? within : null,
  };
}

/** The profile columns of a rule (what the dashboard saves). */
export function ruleColumns(rule: MoveRule): Record<string, unknown> {
  return { move_rule_set: true, move_today_fixed: rule.todayFixed, move_within_minutes: rule.withinMinutes };
}

/** The private extended property of the "time is fixed" switch: `homeroundsFixed` = "true". */
export const FIXED_PROPERTY = 'homeroundsFixed';
/** The older private property that lets a visit move anywhere inside its window: `flexible` = "true". */
export const FLEXIBLE_PROPERTY = 'flexible';

/** The events with the clinician's "time is fixed" pins (public.visit_pins) marked fixed, as copies. */
export function withPins(
  events: readonly CalendarEvent[],
  pins: ReadonlySet<string> | readonly string[],
): CalendarEvent[] {
  const pinned = pins instanceof Set ? pins : new Set(pins);
  if (pinned.size === 0) return [...events];
  return events.map((event) =>
    pinned.has(event.id) ? { ...event, properties: { ...event.properties, [FIXED_PROPERTY]: 'true' } } : event,
  );
}

/** True when the event's time is marked fixed. */
export function isFixedEvent(event: CalendarEvent): boolean {
  return event.properties?.[FIXED_PROPERTY]?.trim().toLowerCase() === 'true';
}

/** True when the calendar lets the plan move this visit anywhere inside its window. */
export function isFlexibleEvent(event: CalendarEvent): boolean {
  return event.properties?.[FLEXIBLE_PROPERTY]?.trim().toLowerCase() === 'true';
}

/** What the plan followed, in words (the Route view, the assistant and the CLI say the same). */
export function ruleText(rule: MoveRule, day: string, today: string): string {
  if (rule.todayFixed && day <= today) {
    return day < today
      ? 'A past day: every visit keeps its booked time.'
      : "Today's visits keep their booked times (your rule); only the drives between them are compared.";
  }
  if (rule.withinMinutes === 0) {
    return 'Visits keep their booked times (your rule); only the drives between them are compared.';
  }
  const how =
    rule.withinMinutes === null
      ? "Visits may move anywhere inside the patient's preferred window"
      : `Visits may move up to ${rule.withinMinutes} minutes from their booked times, inside the patient's preferred window`;
  return `${how}; visits marked "time is fixed" keep theirs.`;
}

/**
 * The visit as the planner may place it: pinned at its booked start, or free inside the window the rule and the
 * patient allow (the earliest and latest start). A rule window the patient's window does not meet pins it.
 */
export function applyRule(
  visit: VisitInput,
  rule: MoveRule,
  context: { day: string; today: string; fixed: boolean; flexible: boolean },
): VisitInput {
  const booked = wallMinutes(visit.start);
  const pinned = { ...visit, fixed: true };
  delete pinned.window;
  if (context.fixed || (rule.todayFixed && context.day <= context.today)) return pinned;
  const patient = visit.window
    ? { earliest: clockMinutes(visit.window.earliest), latest: clockMinutes(visit.window.latest) }
    : null;
  const within = context.flexible ? null : rule.withinMinutes;
  const earliest = Math.max(within === null ? 0 : booked - within, patient?.earliest ?? 0);
  const latest = Math.min(within === null ? 24 * 60 - 1 : booked + within, patient?.latest ?? 24 * 60 - 1);
  if (earliest > latest) return pinned;
  const free: VisitInput = { ...visit, window: { earliest: formatClock(earliest), latest: formatClock(latest) } };
  delete free.fixed;
  return free;
}

/** Wall-clock minutes of an ISO date-time as written ("2026-11-24T09:30:00-06:00" → 570). */
export function wallMinutes(iso: string): number {
  return Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
}

function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
