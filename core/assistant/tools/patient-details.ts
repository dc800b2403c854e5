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
  noPatientCalled,
  type PatientMatch,
  patientRecords,
  resolvePatient,
  result,
  stringArg,
  type ToolContext,
  today,
  tr,
  unknownPatient,
  visitFacts,
  when,
  windowText,
  withMatch,
} from '../tool-kit.ts';
import { DATA_LIMITS, dataText, endSentence, quoted, SAY_LIMITS, spokenName } from '../untrusted.ts';
import { byTime } from './read-shared.ts';

/** A patient's details from their visits: address, phone, usual window, next visit, notes. */
export async function patientDetails(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const asked = stringArg(args, 'patient');
  if (!asked) throw new ArgumentError('Which patient?');
  const match = await resolvePatient(ctx, asked);
  if (match.kind === 'many') return ambiguousPatient(ctx, asked, match.names);
  if (match.kind === 'none') return unknownPatient(ctx, match, noPatientCalled(asked));
  return withMatch(ctx, match, await details(ctx, match));
}

async function details(ctx: ToolContext, match: Extract<PatientMatch, { kind: 'one' }>): Promise<ToolResult> {
  if (match.visits.length === 0) return listedOnly(ctx, match.name);
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

/** A patient on the list with no visit in the last or next 30 days: what the list holds, said so. */
async function listedOnly(ctx: ToolContext, name: string): Promise<ToolResult> {
  const record = (await patientRecords(ctx)).find((r) => r.status === 'patient' && r.full_name === name);
  const parts = [`${spokenName(name)}:`];
  const address = quoted(record?.address, SAY_LIMITS.location);
  if (address) parts.push(tr(ctx, `address ${address};`, `dirección ${address};`));
  if (record?.phone) parts.push(tr(ctx, `phone ${record.phone};`, `teléfono ${record.phone};`));
  parts.push(
    tr(
      ctx,
      'on your patient list, with no visit on your calendar in the last or next 30 days.',
      'en tu lista de pacientes, sin visitas en tu calendario en los últimos o próximos 30 días.',
    ),
  );
  return result('answer', parts.join(' '), {
    patient: dataText(name, DATA_LIMITS.name),
    phone: record?.phone ?? null,
    calendarText: { location: dataText(record?.address, DATA_LIMITS.location), notes: null },
    next: null,
    visits: [],
  });
}
