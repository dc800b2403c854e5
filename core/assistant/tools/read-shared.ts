// What several read tools share: the days a read covers (one date or a from/to range) and how they are
// said, calendar order, and a capital letter for a sentence that opens with a day.
import { dayText } from '../../time/zoned-time.ts';
import type { Visit } from '../../visits/visits.ts';
import { type Args, checkRange, daysArg, type ToolContext, today, tr, when } from '../tool-kit.ts';

/**
 * The days a read covers: `date` (one day, or a range said in words: "next week", "the week of the 14th"), or `from`
 * and `to` (each a day, or a range whose first / last day it takes); `fallback` when none is given (default today).
 */
export function rangeArgs(
  args: Args,
  ctx: ToolContext,
  fallback?: { from: string; to: string },
): { from: string; to: string } {
  const date = daysArg(args, 'date', ctx);
  const first = daysArg(args, 'from', ctx);
  const last = daysArg(args, 'to', ctx);
  const named = date ?? first ?? last;
  const from = first?.from ?? date?.from ?? (named ? today(ctx) : (fallback?.from ?? today(ctx)));
  const to = last?.to ?? first?.to ?? date?.to ?? (named ? from : (fallback?.to ?? from));
  checkRange(from, to);
  return { from, to };
}

export function rangeText(ctx: ToolContext, from: string, to: string): string {
  return from === to
    ? when(ctx, from)
    : tr(ctx, `from ${dayText(from)} to ${dayText(to)}`, `del ${dayText(from, 'es')} al ${dayText(to, 'es')}`);
}

export function byTime(a: Visit, b: Visit): number {
  return a.date.localeCompare(b.date) || a.startMinute - b.startMinute;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
