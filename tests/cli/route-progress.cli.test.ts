// `--progress` on the route commands: one line per report of the search on stderr, then when the best was found;
// stdout stays the answer alone (valid JSON with --json). Runs decided by budgets (--max-iterations, or a small
// day the search finishes long before its limit), never by the wall clock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vrptwInstanceText } from '../support/routing/vrptw-instances.ts';
import { runHomerounds } from '../support/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'route-progress-'));
const LINE = /^progress: (\S.*?)\s+(\d+\.\d) s \/ (\d+\.\d) s {2}best (\d+\.\d)/;

/** The progress lines of stderr, parsed; and the final "best found at" line. */
function progressOf(stderr: string) {
  const lines = stderr.split('\n').filter((l) => l.startsWith('progress: '));
  const reports = lines
    .map((l) => LINE.exec(l))
    .filter((m) => m !== null)
    .map((m) => ({ phase: m[1] as string, elapsed: Number(m[2]), limit: Number(m[3]), best: Number(m[4]) }));
  const final = lines.at(-1)?.match(/^progress: best found at (\d+\.\d) s of (\d+\.\d) s$/);
  return { lines, reports, final };
}

describe('homerounds route solve --progress', () => {
  it('solomon: reports on stderr in elapsed order, ends with when the best was found, stdout stays JSON', async () => {
    const file = join(dir, 'R1_60.txt');
    writeFileSync(file, vrptwInstanceText({ klass: 'R1', n: 60, seed: 1 }));
    const args = ['route', 'solve', file, '--format', 'solomon', '--time-limit', '60000', '--max-iterations', '300'];
    const run = await runHomerounds([...args, '--progress', '--json'], { timeoutMs: 60_000 });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { vehicles: number; distance: number; feasible: boolean };
    expect(result.feasible).toBe(true);
    expect(run.stdout).not.toContain('progress:');
    const { reports, final } = progressOf(run.stderr);
    expect(reports[0]?.phase).toBe('construction');
    for (const [k, r] of reports.entries()) {
      expect(r.limit).toBe(60);
      if (k > 0) expect(r.elapsed).toBeGreaterThanOrEqual(reports[k - 1]?.elapsed ?? 0);
    }
    expect(final).toBeTruthy();
    expect(Number(final?.[2])).toBe(60);
    // Without the flag, nothing on stderr and the same answer (the listener only watches).
    const quiet = await runHomerounds([...args, '--json'], { timeoutMs: 60_000 });
    expect(quiet.stderr).not.toContain('progress:');
    expect(JSON.parse(quiet.stdout)).toMatchObject({ vehicles: result.vehicles, distance: result.distance });
  });
});

describe('homerounds route dispatch --progress', () => {
  it('reports the plan on stderr and keeps stdout valid JSON', async () => {
    const file = join(dir, 'day.json');
    const at = (dLat: number, dLon: number) => ({ lat: 41.88 + dLat, lon: -87.65 + dLon });
    writeFileSync(
      file,
      JSON.stringify({
        date: '2026-11-24',
        clinicians: [
          { id: 'rn1', skills: ['RN'], home: at(0.02, -0.03), shift: { start: '08:00', end: '16:00' } },
          { id: 'rn2', skills: ['RN'], home: at(-0.02, 0.03), shift: { start: '08:00', end: '16:00' } },
        ],
        visits: Array.from({ length: 8 }, (_, k) => ({
          id: `v${k}`,
          ...at(0.01 * (k % 4) - 0.015, 0.01 * Math.floor(k / 4) - 0.005),
          skill: 'RN',
          durationMinutes: 30,
        })),
      }),
    );
    const run = await runHomerounds(['route', 'dispatch', file, '--progress', '--json'], { timeoutMs: 60_000 });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { unassigned: unknown[]; totals: { visitsAssigned: number } };
    expect(report.totals.visitsAssigned).toBe(8);
    const { reports, final } = progressOf(run.stderr);
    expect(reports[0]?.phase).toBe('construction');
    expect(run.stderr).toMatch(/routes \d+ {2}unassigned 0/);
    expect(final).toBeTruthy();
  });
});
