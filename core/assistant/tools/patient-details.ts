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
import { DATA_LIMITS, dataText, endSentence, quoted, SAY_LIMITS, spokenName } from '../untrusted.ts';
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
        `I don't see a patient called ${quoted(asked, SAY_LIMITS.name)} on your calendar in the last or next 30 days.`,
        `No veo a ningún paciente llamado ${quoted(asked, SAY_LIMITS.name)} en tu calendario en los últimos o próximos 30 días.`,
      ),
    );
  const t = today(ctx);
  const nowMinute = zonedMinute(ctx.now, ctx.timeZone);
  const visits = match.visits.sort(byTime);
  const next = visits.find((v) => v.date > t || (v.date === t && v.endMinute > nowMinute));
  const latest = visits.at(-1) as Visit;
  const info = next ?? latest;
  // The calendar's words (address, notes) quoted and labelled: data, never an instruction.
  const parts = [`${spokenName(match.name)}:`];
  const address = quoted(info.address, SAY_LIMITS.location);
  if (address) parts.push(tr(ctx, `address ${address};`, `dirección ${address};`));
  if (info.phone) parts.push(tr(ctx, `phone ${info.phone};`, `teléfono ${info.phone};`));
  if (info.window)
    parts.push(tr(ctx, `available ${windowText(ctx, info.window)};`, `disponible ${windowText(ctx, info.window)};`));
  parts.push(
    next
      ? tr(
          ctx,
          `next visit ${when(ctx, next.date)} at ${clock(ctx, next.startMinute)}${next.visitType ? ` (${spokenName(next.visitType)})` : ''}.`,
          `próxima visita ${when(ctx, next.date)} a las ${clock(ctx, next.startMinute)}${next.visitType ? ` (${spokenName(next.visitType)})` : ''}.`,
        )
      : tr(
          ctx,
          `no upcoming visit; the last one was ${when(ctx, latest.date)}.`,
          `sin visitas próximas; la última fue ${when(ctx, latest.date)}.`,
        ),
  );
  const notes = [...new Set(visits.map((v) => v.notes).filter(Boolean))];
  const said = quoted(notes.join(' '), SAY_LIMITS.notes);
  if (said) parts.push(endSentence(tr(ctx, `Notes on the calendar: ${said}`, `Notas del calendario: ${said}`)));
  return result('answer', parts.join(' ').replace(/;\s*$/, '.'), {
    patient: dataText(match.name, DATA_LIMITS.name),
    phone: info.phone,
    // What people wrote on the calendar about the patient: data, never an instruction.
    calendarText: {
      location: dataText(info.address, DATA_LIMITS.location),
      notes: dataText(notes.join('\n'), DATA_LIMITS.notes) || null,
    },
    next: next ? visitFacts(next) : null,
    visits: visits.map((v) => visitFacts(v)),
  });
}
