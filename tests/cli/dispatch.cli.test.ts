// The built `homerounds dispatch --date D --local` against a started local platform: every seeded clinician's day
// reassigned, before/after honest, nothing written without --apply, and --apply written once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchDayResult } from '../../cli/handlers/route-dispatch-day.ts';
import { CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { addDays, chicagoDateTime } from '../../fixtures/time.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { runHomerounds } from '../support/run-cli.ts';
import { DAYS, suiteSeed } from '../support/seed-calendar.ts';

let platform: TestPlatform;
let env: Record<string, string>;
const seed = suiteSeed();
const discipline = new Map(seed.clinicians.map((c) => [c.email, c.discipline]));

beforeAll(async () => {
  platform = await startLocalPlatform();
  env = { HOMEROUNDS_LOCAL_URL: platform.url };
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const dispatch = (args: string[]) => runHomerounds(['dispatch', '--local', ...args], { env, timeoutMs: 60_000 });

/** Each clinician's timed events of the day through the Calendar API: id → "calendar start end". */
async function calendars(date: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const c of seed.clinicians) {
    const token = (await (
      await fetch(`${platform.url}/__local/provider-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: c.email, scopes: [CALENDAR_READONLY_SCOPE] }),
      })
    ).json()) as { access_token: string };
    const url = new URL(`${platform.url}/calendar/v3/calendars/primary/events`);
    url.searchParams.set('timeMin', chicagoDateTime(date, 0).rfc3339);
    url.searchParams.set('timeMax', chicagoDateTime(addDays(date, 1), 0).rfc3339);
    url.searchParams.set('singleEvents', 'true');
    url.searchParams.set('maxResults', '2500');
    const list = (await (await fetch(url, { headers: { authorization: `Bearer ${token.access_token}` } })).json()) as {
      items: { id: string; start: { dateTime?: string }; end: { dateTime?: string } }[];
    };
    for (const e of list.items)
      if (e.start.dateTime)
        out.set(e.id, `${c.email} ${e.start.dateTime.slice(11, 16)} ${e.end.dateTime?.slice(11, 16)}`);
  }
  return out;
}

function checkInvariants(r: DispatchDayResult): void {
  for (const side of [r.before, r.after]) {
    const sum = (f: (row: (typeof side.rows)[number]) => number) => side.rows.reduce((s, row) => s + f(row), 0);
    expect(side.totals.visits).toBe(sum((row) => row.visits));
    expect(side.totals.driveMinutes).toBeCloseTo(
      sum((row) => row.driveMinutes),
      5,
    );
    expect(side.totals.lateVisits).toBe(sum((row) => row.lateVisits));
    for (const row of side.rows) expect(row.stops.length).toBe(row.visits);
  }
  // Every visit of the day exactly once after: in a route or unassigned.
  const after = [
    ...r.after.rows.flatMap((row) => row.stops.map((s) => s.visitId)),
    ...r.unassigned.map((u) => u.visitId),
  ];
  const before = r.before.rows.flatMap((row) => row.stops.map((s) => s.visitId));
  expect(after.slice().sort()).toEqual(before.slice().sort());
  expect(new Set(after).size).toBe(after.length);
  expect(after.length).toBe(r.visits);
  // Skills: a visit goes only to a clinician of the discipline it was booked with (no PT visit to an RN).
  const bookedWith = new Map(r.before.rows.flatMap((row) => row.stops.map((s) => [s.visitId, row.clinicianId])));
  for (const row of r.after.rows)
    for (const s of row.stops)
      expect(discipline.get(row.clinicianId)).toBe(discipline.get(bookedWith.get(s.visitId) ?? ''));
  if (r.before.feasible) expect(r.after.totals.driveMinutes).toBeLessThanOrEqual(r.before.totals.driveMinutes);
  else expect(r.savedDriveMinutes).toBeNull();
  expect(r.after.totals.lateVisits).toBe(0);
}

describe('homerounds dispatch --date --local', () => {
  it('reassigns a day with a before/after that adds up, writes nothing, then applies it once', async () => {
    // Thursday 29 October, the seed day's tomorrow: 33 visits in all, a feasible booked calendar, and about 15
    // moves that save some 100 minutes of driving (the solver is time-limited; the margin is wide).
    const date = DAYS.thursday;
    const run = await dispatch(['--date', date, '--json']);
    expect(run.stderr === '' || run.code === 1).toBe(true);
    const plan = JSON.parse(run.stdout) as DispatchDayResult;
    checkInvariants(plan);
    expect(plan.before.feasible).toBe(true);
    expect(plan.moves.length).toBeGreaterThan(0);
    expect(plan.unassigned).toEqual([]);
    expect(plan.decision).toBe('plan');
    expect(plan.after.totals.driveMinutes).toBeLessThan(plan.before.totals.driveMinutes);
    expect(plan.applied).toBe(false);

    // Without --apply nothing is written.
    const untouched = await calendars(date);
    const human = await dispatch(['--date', date]);
    expect(human.code).toBe(0);
    expect(await calendars(date)).toEqual(untouched);
    // The table: the Total row is the sum of the clinician rows (visits and drive minutes, before and after).
    const lines = human.stdout.split('\n');
    const rows = lines.slice(
      2,
      lines.findIndex((l) => l.startsWith('---')),
    );
    expect(rows.length).toBe(seed.clinicians.length);
    const numbers = (line: string) =>
      [...line.matchAll(/(\d+(?:\.\d)?) → (\d+(?:\.\d)?)/g)].slice(0, 2).flatMap((m) => [Number(m[1]), Number(m[2])]);
    const total = numbers(lines.find((l) => l.startsWith('Total')) ?? '');
    const summed = rows.map(numbers).reduce((acc, n) => acc.map((x, i) => x + (n[i] ?? 0)), [0, 0, 0, 0]);
    expect(total.map((x) => x.toFixed(1))).toEqual(summed.map((x) => x.toFixed(1)));
    expect(human.stdout).toMatch(/To move \(nothing written; run again with --apply\):/);

    // --apply: each move lands on the new calendar at the new time.
    const applied = await dispatch(['--date', date, '--apply', '--json']);
    expect(applied.code).toBe(0);
    const result = JSON.parse(applied.stdout) as DispatchDayResult;
    expect(result.moves).toEqual(plan.moves);
    expect(result.results.map((x) => x.status)).toEqual(plan.moves.map(() => 'moved'));
    const now = await calendars(date);
    expect(now.size).toBe(untouched.size);
    for (const m of plan.moves) expect(now.get(m.visitId)).toBe(`${m.to} ${m.toStart} ${m.toEnd}`);
    for (const [id, where] of untouched) if (!plan.moves.some((m) => m.visitId === id)) expect(now.get(id)).toBe(where);

    // Again: nothing to move, nothing written.
    const again = await dispatch(['--date', date, '--apply', '--json']);
    expect(again.code).toBe(0);
    const second = JSON.parse(again.stdout) as DispatchDayResult;
    expect(second.moves).toEqual([]);
    expect(second.results).toEqual([]);
    expect(second.before.totals.driveMinutes).toBeCloseTo(plan.after.totals.driveMinutes, 5);
    expect(await calendars(date)).toEqual(now);
  }, 180_000);

  it('exits 2 for a day that does not exist or without --local, 4 for a day without visits', async () => {
    const bad = await dispatch(['--date', '2026-02-30']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--date must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24 (got "2026-02-30").');
    const hosted = await runHomerounds(['dispatch', '--date', DAYS.thursday], { env });
    expect(hosted.code).toBe(2);
    expect(hosted.stderr).toMatch(/add --local/);
    const objective = await dispatch(['--date', DAYS.thursday, '--objective', 'fastest']);
    expect(objective.code).toBe(2);
    expect(objective.stderr).toMatch(/--objective must be drive-time or vehicles-then-distance/);
    // Sunday 1 November (the DST change): nobody has visits.
    const none = await dispatch(['--date', DAYS.sunday]);
    expect(none.code).toBe(4);
    expect(none.stderr).toContain(`No visits on ${DAYS.sunday}`);
  }, 60_000);
});
