// What `homerounds confirmations` prints for people: the call list, one line per visit whose status changed,
// and a batch's visits, counts, moved visits and re-optimised order. Patients show as "Jane D." and phone
// numbers keep only their last 4 digits: a terminal is not the dashboard. Text from the server is made
// terminal-safe (escape.ts). `--json` bypasses all of this.
import type {
  BatchStatus,
  CallListEntry,
  CallPlan,
  ConfirmationStatus,
  VisitConfirmation,
} from '../../core/confirmations/contract.ts';
import { CONFIRMATION_STATUSES, STATUS_LABELS } from '../../core/confirmations/contract.ts';
import { escapeControl as safe } from './escape.ts';
import { renderTable } from './table.ts';

const SKIP_WORDS: Record<NonNullable<CallListEntry['skip']>, string> = {
  'not-on-patient-list': 'not on the patient list',
  'number-not-allowed': 'a number the agency does not call',
  'no-phone': 'no phone number',
  'no-consent': 'no consent to automated calls',
  'do-not-call': 'on the do-not-call list',
  'outside-calling-hours': 'outside calling hours',
  'not-a-visit': 'not a visit',
};

/** "+1 312 555 0142" → "+*******0142": every digit but the last 4 hidden. */
export function maskPhone(phone: string | null): string {
  if (!phone) return '-';
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${phone.trim().startsWith('+') ? '+' : ''}${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/** "Jane Doe" → "Jane D."; a single name stays as it is. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return safe(parts[0] ?? '');
  return safe(`${parts[0]} ${(parts.at(-1) ?? '').charAt(0).toUpperCase()}.`);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall clock (HH:MM, 24 h) in a zone; the text as given when it is not a date. */
export function clock(instant: string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return safe(instant);
  let format = clockFormats.get(timeZone);
  if (!format) {
    const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }); // an unknown zone: still readable
    }
    clockFormats.set(timeZone, format);
  }
  return format.format(date);
}

export function formatPlan(plan: CallPlan): string[] {
  const tz = plan.timeZone;
  const toCall = plan.entries.filter((e) => !e.skip).length;
  const table = renderTable(plan.entries, [
    { header: 'TIME', value: (e) => clock(e.start, tz) },
    { header: 'PATIENT', value: (e) => shortName(e.patientName) },
    { header: 'PHONE', value: (e) => maskPhone(e.phone) },
    { header: 'STATUS', value: (e) => (e.skip ? `not called: ${SKIP_WORDS[e.skip] ?? e.skip}` : 'will call') },
  ]);
  return [
    safe(`Call list for ${plan.clinician.name} <${plan.clinician.email}>, visits on ${plan.date} (times in ${tz})`),
    `Calls start at ${clock(plan.callAt, tz)}; the last call starts by ${clock(plan.latestAt, tz)}.`,
    '',
    plan.entries.length ? table : 'No visits that day.',
    '',
    `${toCall} to call, ${plan.entries.length - toCall} not called.`,
  ];
}

function statusText(visit: VisitConfirmation, timeZone: string): string {
  let text = STATUS_LABELS[visit.status] ?? safe(String(visit.status));
  if (visit.newStart) text += ` → ${safe(clock(visit.newStart, timeZone))}`;
  if (visit.detail) text += ` (${safe(visit.detail)})`;
  if (visit.late) text += ' [late report]';
  return text;
}

/** "17:02  Jane D.  Confirmed": when the status changed, who, what. */
export function formatOutcome(visit: VisitConfirmation, timeZone: string): string {
  return `${clock(visit.updatedAt, timeZone)}  ${shortName(visit.patientName)}  ${statusText(visit, timeZone)}`;
}

/** "Confirmed 3 · No answer 1", in the statuses' order. */
export function formatCounts(counts: Partial<Record<ConfirmationStatus, number>>): string {
  const parts = CONFIRMATION_STATUSES.filter((s) => (counts[s] ?? 0) > 0).map(
    (s) => `${STATUS_LABELS[s]} ${counts[s]}`,
  );
  return parts.length ? parts.join(' · ') : 'no visits';
}

function countOf(visits: readonly VisitConfirmation[]): Partial<Record<ConfirmationStatus, number>> {
  const counts: Partial<Record<ConfirmationStatus, number>> = {};
  for (const v of visits) counts[v.status] = (counts[v.status] ?? 0) + 1;
  return counts;
}

/** What a batch ended with (or has so far): counts, moved visits, the re-optimised order. */
export function formatSummary(status: BatchStatus, timeZone: string): string[] {
  const summary = status.summary;
  const lines = [`Counts: ${formatCounts(summary?.counts ?? countOf(status.visits))}`];
  if (summary?.moved.length) {
    lines.push('Moved tonight:');
    for (const m of summary.moved) {
      lines.push(`  ${shortName(m.patientName)}  ${clock(m.from, timeZone)} → ${clock(m.to, timeZone)}`);
    }
  }
  if (summary?.plan) {
    const p = summary.plan;
    const notes = [
      `${p.driveMinutes} min of driving`,
      p.feasible ? 'every window kept' : 'NOT feasible',
      p.confirmedTimesKept ? 'confirmed times kept' : 'some confirmed times changed',
    ];
    lines.push(`Re-optimised order (${notes.join(', ')}):`);
    p.order.forEach((o, i) => {
      lines.push(`  ${i + 1}. ${clock(o.start, timeZone)}  ${shortName(o.patientName)}`);
    });
  } else if (summary?.planNote) {
    lines.push(`Route not re-optimised: ${safe(summary.planNote)}`);
  }
  return lines;
}

/** `confirmations status`: the batch, its visits, and the summary. */
export function formatBatch(status: BatchStatus, timeZone: string): string[] {
  const state = status.finished ? status.state : `${status.state} (still running)`;
  const lines = [
    safe(
      `Confirmation calls for ${status.clinician.name} <${status.clinician.email}>, visits on ${status.date}: ${state} (times in ${timeZone})`,
    ),
  ];
  if (status.failure) lines.push(`Failed: ${safe(status.failure)}`);
  lines.push('');
  lines.push(
    status.visits.length
      ? renderTable(status.visits, [
          { header: 'TIME', value: (v) => clock(v.originalStart, timeZone) },
          { header: 'PATIENT', value: (v) => shortName(v.patientName) },
          { header: 'PHONE', value: (v) => maskPhone(v.phone) },
          { header: 'STATUS', value: (v) => statusText(v, timeZone) },
          { header: 'CALLS', value: (v) => v.attempts, align: 'right' },
        ])
      : 'No visits on the call list.',
  );
  lines.push('', ...formatSummary(status, timeZone));
  return lines;
}
