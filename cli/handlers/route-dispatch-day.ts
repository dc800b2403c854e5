// `homerounds dispatch --date D --local`: every seeded clinician's visits of a day reassigned across clinicians by
// the dispatch solver, compared with the booked day (core/routing/vrptw/dispatch-compare.ts), and with --apply
// written back through the local platform's dispatch hooks (why hooks, not the Calendar API:
// emulators/local-dispatch.ts).

import type { ProgressListener } from '../../core/routing/progress.ts';
import { haversineMatrix } from '../../core/routing/travel/haversine.ts';
import {
  compareDispatch,
  type DispatchBooking,
  type DispatchDayReport,
} from '../../core/routing/vrptw/dispatch-compare.ts';
import {
  type DispatchClinician,
  type DispatchInput,
  type DispatchVisit,
  formatDispatchClock,
  parseClock,
  SKILLS,
  type Skill,
} from '../../core/routing/vrptw/dispatch-input.ts';
import { parseDateOption } from '../commands/date-option.ts';
import { CliError, EXIT } from '../errors.ts';
import { LOCAL_TIMEOUT_MS, localUnreachable } from './local.ts';

/** Iterations the search gets by default: the same day gives the same plan on any machine (within the limit). */
export const DISPATCH_MAX_ITERATIONS = 3000;
export const DISPATCH_TIME_LIMIT_MS = 10_000;

/** What /__local/dispatch-day answers. */
export interface LocalDispatchDay {
  date: string;
  timeZone: string;
  clinicians: {
    email: string;
    name: string;
    discipline: string;
    home: { address: string; lat: number; lng: number };
    shift: { start: string; end: string };
  }[];
  visits: {
    eventId: string;
    clinician: string;
    skill: string | null;
    patient: string | null;
    address: string | null;
    lat: number;
    lng: number;
    start: string;
    end: string;
    durationMinutes: number;
    window: { start: string; end: string } | null;
    lastClinician: string | null;
  }[];
  otherEvents: { eventId: string; clinician: string; title: string; start: string; end: string }[];
}

export interface DispatchDayResult extends DispatchDayReport {
  applied: boolean;
  /** With --apply: what happened to each move (moved, unchanged, conflict, missing). */
  results: { eventId: string; status: string; message?: string }[];
  /** Where each visit's window came from: the patient's availability, or the booked time (pinned). */
  windows: { patient: number; booked: number };
  notes: string[];
}

export interface DispatchDayOptions {
  baseUrl: string;
  date: string;
  objective?: 'drive-time' | 'clinicians-then-drive-time';
  timeLimitMs?: number;
  seed?: number;
  apply?: boolean;
  fetch?: typeof fetch;
  /** Told of each better plan and phase of the search (--progress). */
  onProgress?: ProgressListener;
}

async function hook(opts: DispatchDayOptions, path: string, body: unknown): Promise<unknown> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  let data: { message?: string };
  try {
    response = await doFetch(`${opts.baseUrl}/__local${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
    data = (await response.json().catch(() => ({}))) as { message?: string };
  } catch (error) {
    throw localUnreachable(opts.baseUrl, error);
  }
  if (response.status === 404 && /Unknown local hook/.test(data.message ?? ''))
    throw new CliError(`The local platform at ${opts.baseUrl} has no dispatch hooks: restart it (npm start).`);
  if (!response.ok) throw new CliError(`The local platform answered ${response.status}: ${data.message ?? 'error'}`);
  return data;
}

/**
 * The solver's day from the platform's: clinicians with their discipline as skill and the agency shift (shortened
 * by a non-visit event at either end of the day); visits with the patient's window on the whole visit turned into
 * a window on its start (as calendar-day.ts does), or pinned to the booked start when there is none.
 */
export function dispatchInputOf(
  day: LocalDispatchDay,
  objective: DispatchInput['objective'],
): { input: DispatchInput; bookings: DispatchBooking[]; windows: DispatchDayResult['windows']; notes: string[] } {
  const notes: string[] = [];
  const clinicians: DispatchClinician[] = day.clinicians.map((c) => {
    let start = parseClock(c.shift.start);
    let end = parseClock(c.shift.end);
    const own = day.visits.filter((v) => v.clinician === c.email).map((v) => parseClock(v.start));
    const middle = (start + end) / 2;
    for (const e of day.otherEvents.filter((x) => x.clinician === c.email)) {
      const [s, f] = [parseClock(e.start), parseClock(e.end)];
      if (f <= start || s >= end) continue;
      if (s < middle && own.every((v) => v >= f)) start = Math.max(start, f);
      else if (s >= middle && own.every((v) => v < s)) end = Math.min(end, s);
      else
        notes.push(`${c.name}: "${e.title}" ${e.start}–${e.end} is not planned around (visits may be placed over it)`);
    }
    // A booked day longer than the agency hours is that clinician's day: the plan may use it (never more), and
    // the booked day is not called infeasible for hours the clinician works anyway.
    const booked = day.visits.filter((v) => v.clinician === c.email);
    if (booked.length > 0) {
      const first = booked.reduce((a, b) => (parseClock(a.start) <= parseClock(b.start) ? a : b));
      const last = booked.reduce((a, b) => (parseClock(a.end) >= parseClock(b.end) ? a : b));
      const drive = haversineMatrix(
        [c.home, first, last].map((p) => ({ lat: p.lat, lon: p.lng })),
        {
          area: 'urban',
        },
      ).minutes;
      const leave = parseClock(first.start) - Math.ceil(drive[0]?.[1] ?? 0);
      const back = parseClock(last.end) + Math.ceil(drive[2]?.[0] ?? 0);
      if (leave < start) {
        start = leave;
        notes.push(
          `${c.name}: the booked day starts before ${c.shift.start}; planned from ${formatDispatchClock(leave)}`,
        );
      }
      if (back > end) {
        end = back;
        notes.push(`${c.name}: the booked day ends after ${c.shift.end}; planned until ${formatDispatchClock(back)}`);
      }
    }
    return {
      id: c.email,
      name: c.name,
      skills: SKILLS.includes(c.discipline as Skill) ? [c.discipline as Skill] : [],
      home: { lat: c.home.lat, lon: c.home.lng },
      shift: { start: formatDispatchClock(start), end: formatDispatchClock(Math.max(end, start)) },
    };
  });
  const emails = new Set(clinicians.map((c) => c.id));
  const windows = { patient: 0, booked: 0 };
  // A stable order (event id), whatever calendar a visit is on: the same day gives the same plan after --apply.
  const sorted = day.visits
    .filter((v) => emails.has(v.clinician))
    .sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  const visits: DispatchVisit[] = sorted.map((v) => {
    const skill = SKILLS.includes(v.skill as Skill) ? (v.skill as Skill) : undefined;
    if (!skill) throw new CliError(`Visit ${v.eventId} (${v.patient ?? 'no patient'}) has no known skill.`);
    let window: DispatchVisit['window'];
    if (v.window) {
      const latest = parseClock(v.window.end) - v.durationMinutes;
      if (latest >= parseClock(v.window.start))
        window = { earliest: v.window.start, latest: formatDispatchClock(latest) };
    }
    if (window) windows.patient++;
    else {
      windows.booked++;
      window = { earliest: v.start, latest: v.start };
    }
    return {
      id: v.eventId,
      ...(v.patient ? { patient: v.patient } : {}),
      lat: v.lat,
      lon: v.lng,
      skill,
      durationMinutes: v.durationMinutes,
      window,
      ...(v.lastClinician && emails.has(v.lastClinician) ? { lastClinician: v.lastClinician } : {}),
    };
  });
  const bookings = sorted.map((v) => ({ visitId: v.eventId, clinicianId: v.clinician, start: v.start }));
  return {
    input: { date: day.date, ...(objective ? { objective } : {}), clinicians, visits },
    bookings,
    windows,
    notes,
  };
}

export async function dispatchDay(opts: DispatchDayOptions): Promise<DispatchDayResult> {
  parseDateOption('--date')(opts.date);
  const day = (await hook(opts, '/dispatch-day', { date: opts.date })) as LocalDispatchDay;
  const { input, bookings, windows, notes } = dispatchInputOf(day, opts.objective);
  if (input.visits.length === 0)
    throw new CliError(
      `No visits on ${opts.date} on the local platform (weekdays of the seeded month).`,
      EXIT.notFound,
    );
  const report = compareDispatch(input, bookings, {
    timeLimitMs: opts.timeLimitMs ?? DISPATCH_TIME_LIMIT_MS,
    maxIterations: DISPATCH_MAX_ITERATIONS,
    ...(opts.seed === undefined ? {} : { seed: opts.seed }),
    ...(opts.onProgress === undefined ? {} : { onProgress: opts.onProgress }),
  });
  let results: DispatchDayResult['results'] = [];
  if (opts.apply && report.moves.length > 0) {
    const moves = report.moves.map((m) => ({
      eventId: m.visitId,
      from: { clinician: m.from, start: m.fromStart, end: m.fromEnd },
      to: { clinician: m.to, start: m.toStart, end: m.toEnd },
    }));
    results = ((await hook(opts, '/dispatch-apply', { date: opts.date, moves })) as { results: typeof results })
      .results;
  }
  return { ...report, applied: opts.apply === true, results, windows, notes };
}

const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

/** The before/after table, the moves, the unassigned visits and the notes, for people. */
export function formatDispatchDay(r: DispatchDayResult): string {
  const names = new Map(r.before.rows.map((row) => [row.clinicianId, row.name ?? row.clinicianId]));
  const name = (id: string) => names.get(id) ?? id;
  const span = (row: { firstStart?: string; lastEnd?: string }) =>
    row.firstStart ? `${row.firstStart}–${row.lastEnd}` : '–';
  const header = ['clinician', 'visits', 'drive min', 'first–last', 'late'];
  const table: string[][] = [];
  r.before.rows.forEach((b, k) => {
    const a = r.after.rows[k] ?? b;
    table.push([
      name(b.clinicianId),
      `${b.visits} → ${a.visits}`,
      `${b.driveMinutes.toFixed(1)} → ${a.driveMinutes.toFixed(1)}`,
      `${span(b)} → ${span(a)}`,
      `${b.lateVisits} → ${a.lateVisits}`,
    ]);
  });
  const bt = r.before.totals;
  const at = r.after.totals;
  table.push([
    'Total',
    `${bt.visits} → ${at.visits}`,
    `${bt.driveMinutes.toFixed(1)} → ${at.driveMinutes.toFixed(1)}`,
    `${bt.cliniciansUsed} → ${at.cliniciansUsed} clinicians`,
    `${bt.lateVisits} → ${at.lateVisits}`,
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...table.map((row) => (row[c] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c === 0 || c === 3 ? pad(cell, widths[c] ?? 0) : padLeft(cell, widths[c] ?? 0))).join('  ');
  const lines = [`Dispatch ${r.date ?? ''} (${r.objective}): before → after`, line(header)];
  for (const [i, row] of table.entries()) {
    if (i === table.length - 1) lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
    lines.push(line(row));
  }
  lines.push('');
  if (!r.before.feasible) {
    lines.push('The booked day is infeasible, so no saving is claimed:');
    for (const row of r.before.rows) for (const p of row.problems) lines.push(`  ${name(row.clinicianId)}: ${p}`);
  } else if (r.savedDriveMinutes !== null) {
    const pct = bt.driveMinutes > 0 ? ` (${((100 * r.savedDriveMinutes) / bt.driveMinutes).toFixed(1)} %)` : '';
    lines.push(`Driving saved: ${r.savedDriveMinutes} min${pct}, counted from home and back on both sides.`);
  }
  lines.push(`Decision: ${r.reason}.`);
  if (r.moves.length > 0) {
    lines.push('', r.applied ? 'Moved:' : 'To move (nothing written; run again with --apply):');
    const status = new Map(r.results.map((x) => [x.eventId, x]));
    for (const m of r.moves) {
      const who = m.from === m.to ? name(m.from) : `${name(m.from)} → ${name(m.to)}`;
      const result = status.get(m.visitId);
      const outcome =
        result && result.status !== 'moved' ? `  [${result.status}${result.message ? `: ${result.message}` : ''}]` : '';
      lines.push(
        `  ${m.patient ?? m.visitId}: ${who}, ${m.fromStart}–${m.fromEnd} → ${m.toStart}–${m.toEnd}${outcome}`,
      );
    }
  } else lines.push('Nothing to move.');
  if (r.unassigned.length > 0) {
    lines.push('', "Could not be placed (they stay where they are booked, outside the after column's counts):");
    for (const u of r.unassigned)
      lines.push(`  ${u.patient ?? u.visitId} (${name(u.clinicianId)} ${u.start}): ${u.reason}`);
  }
  for (const note of r.notes) lines.push(`Note: ${note}`);
  lines.push(
    `Windows: ${r.windows.patient} from the patients' availability, ${r.windows.booked} pinned to the booked time. Travel times: ${r.travelSource}.`,
  );
  return lines.join('\n');
}
