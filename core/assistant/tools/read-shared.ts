// What several read tools share: the days a read covers (one date or a from/to range) and how they are
// said, calendar order, and a capital letter for a sentence that opens with a day.
import { dayText } from '../../time/zoned-time.ts';
import type { Visit } from '../../visits/visits.ts';
import { type Args, checkRange, dateArg, type ToolContext, today, tr, when } from '../tool-kit.ts';

export function rangeArgs(args: Args, ctx: ToolContext): { from: string; to: string } {
  const date = dateArg(args, 'date', ctx);
  const from = dateArg(args, 'from', ctx) ?? date ?? today(ctx);
  const to = dateArg(args, 'to', ctx) ?? date ?? from;
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
