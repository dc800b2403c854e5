// patient_details: one patient's address, phone, usual window, next visit and notes, from their visits
// on the calendar.
import { zonedMinute } from '../../time/zoned-time.ts';
import type { Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  ambiguousPatient,
  clock,
  findPatient,
  loadRoster,
  result,
  stringArg,
  type ToolContext,
  today,
  tr,
  visitFacts,
  when,
  windowText,
} from '../tool-kit.ts';
import { byTime } from './read-shared.ts';

/** A patient's details from their visits: address, phone, usual window, next visit, notes. */
export async function patientDetails(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const asked = stringArg(args, 'patient');
  if (!asked) throw new ArgumentError('Which patient?');
  const roster = await loadRoster(ctx);
  const match = findPatient(asked, roster);
  if (match.kind === 'many') return ambiguousPatient(ctx, asked, match.names);
  if (match.kind === 'none')
    return result(
      'not_found',
      tr(
        ctx,
        `I don't see a patient called "${asked}" on your calendar in the last or next 30 days.`,
        `No veo a ningún paciente llamado "${asked}" en tu calendario en los últimos o próximos 30 días.`,
      ),
    );
  const t = today(ctx);
  const nowMinute = zonedMinute(ctx.now, ctx.timeZone);
  const visits = match.visits.sort(byTime);
  const next = visits.find((v) => v.date > t || (v.date === t && v.endMinute > nowMinute));
  const latest = visits.at(-1) as Visit;
  const info = next ?? latest;
  const parts = [`${match.name}:`];
  if (info.address) parts.push(tr(ctx, `address ${info.address};`, `dirección ${info.address};`));
  if (info.phone) parts.push(tr(ctx, `phone ${info.phone};`, `teléfono ${info.phone};`));
  if (info.window)
    parts.push(tr(ctx, `available ${windowText(ctx, info.window)};`, `disponible ${windowText(ctx, info.window)};`));
  parts.push(
    next
      ? tr(
          ctx,
          `next visit ${when(ctx, next.date)} at ${clock(ctx, next.startMinute)}${next.visitType ? ` (${next.visitType})` : ''}.`,
          `próxima visita ${when(ctx, next.date)} a las ${clock(ctx, next.startMinute)}${next.visitType ? ` (${next.visitType})` : ''}.`,
        )
      : tr(
          ctx,
          `no upcoming visit; the last one was ${when(ctx, latest.date)}.`,
          `sin visitas próximas; la última fue ${when(ctx, latest.date)}.`,
        ),
  );
  const notes = [...new Set(visits.map((v) => v.notes).filter(Boolean))];
  if (notes.length)
    parts.push(
      tr(ctx, `Notes: ${notes.join(' ').replace(/\n/g, ' ')}`, `Notas: ${notes.join(' ').replace(/\n/g, ' ')}`),
    );
  return result('answer', parts.join(' ').replace(/;\s*$/, '.'), {
    patient: match.name,
    address: info.address,
    phone: info.phone,
    next: next ? visitFacts(next) : null,
    visits: visits.map(visitFacts),
  });
}
