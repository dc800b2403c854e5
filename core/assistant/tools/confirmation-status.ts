// "Who confirmed for tomorrow?": what the evening's confirmation calls found, per visit, from the
// server's record of them (core/confirmations). Names the patients for the clinician; says plainly when
// no calls were made for that day, or when this server cannot see them.
import type { ConfirmationStatus, VisitConfirmation } from '../../confirmations/contract.ts';
import { addDays, zonedMinute } from '../../time/zoned-time.ts';
import type { ToolResult } from '../contract.ts';
import { type Args, clock, dateArg, result, type ToolContext, today, tr, when } from '../tool-kit.ts';
import { DATA_LIMITS, dataText, quoted, SAY_LIMITS, spokenName } from '../untrusted.ts';

/** The groups in the order a clinician needs them: what needs them first, then the good news. */
const GROUPS: Array<{ statuses: ConfirmationStatus[]; en: string; es: string }> = [
  { statuses: ['move-requested'], en: 'asked for another time', es: 'pidieron otra hora' },
  { statuses: ['cancel-requested'], en: 'asked to cancel', es: 'pidieron cancelar' },
  { statuses: ['wrong-number'], en: 'had a wrong number', es: 'tenían un número equivocado' },
  { statuses: ['moved'], en: 'moved their visit', es: 'cambiaron su visita' },
  { statuses: ['confirmed'], en: 'confirmed', es: 'confirmaron' },
  { statuses: ['no-answer', 'no-report'], en: 'did not answer', es: 'no contestaron' },
  { statuses: ['voicemail'], en: 'got a voicemail', es: 'recibieron un mensaje de voz' },
  { statuses: ['opted-out'], en: 'asked not to be called again', es: 'pidieron no recibir más llamadas' },
  { statuses: ['skipped'], en: 'were not called', es: 'no fueron llamados' },
  { statuses: ['pending', 'calling'], en: 'are still being called', es: 'aún se están llamando' },
];

/**
 * The patient's name (read from the calendar) and what they asked for (their words on the call): neither is the
 * server's, so the name is said as every tool says one and the request is quoted (untrusted.ts).
 */
function nameWithChange(ctx: ToolContext, row: VisitConfirmation): string {
  const name = spokenName(row.patientName);
  if (row.newStart && (row.status === 'moved' || row.status === 'move-requested')) {
    const minute = zonedMinute(new Date(row.newStart), ctx.timeZone);
    return `${name} (${tr(ctx, 'to', 'a las')} ${clock(ctx, minute)})`;
  }
  if (row.status === 'move-requested' && row.detail) {
    // The report writes "Asked for <the patient's words>.": the server's words bare, the patient's quoted.
    const asked = /^Asked for (.+?)\.?$/s.exec(row.detail)?.[1];
    return asked
      ? `${name} (${tr(ctx, 'asked for', 'pidió')} ${quoted(asked, SAY_LIMITS.notes)})`
      : `${name} (${quoted(row.detail.replace(/\.$/, ''), SAY_LIMITS.notes)})`;
  }
  return name;
}

export async function confirmationStatus(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx) ?? addDays(today(ctx), 1);
  const span = when(ctx, date);
  if (!ctx.confirmations) {
    return result(
      'answer',
      tr(ctx, "I can't see the confirmation calls from here.", 'Desde aquí no veo las llamadas de confirmación.'),
      { date },
    );
  }
  const rows = await ctx.confirmations(date);
  if (rows.length === 0) {
    return result(
      'answer',
      tr(ctx, `No confirmation calls were made for ${span}.`, `No se hicieron llamadas de confirmación para ${span}.`),
      { date, visits: [] },
    );
  }
  const parts: string[] = [];
  for (const group of GROUPS) {
    const names = rows.filter((r) => group.statuses.includes(r.status)).map((r) => nameWithChange(ctx, r));
    if (names.length) parts.push(`${names.join(', ')} ${tr(ctx, group.en, group.es)}`);
  }
  return result('answer', `${tr(ctx, `For ${span}`, `Para ${span}`)}: ${parts.join('; ')}.`, {
    date,
    visits: rows.map((r) => ({
      eventId: r.eventId,
      patient: dataText(r.patientName, DATA_LIMITS.name),
      status: r.status,
      newStart: r.newStart,
    })),
  });
}
