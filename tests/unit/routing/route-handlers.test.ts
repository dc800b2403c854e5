import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeSolve } from '../../../cli/handlers/route-solve.ts';
import {
  formatRouteReport,
  type RouteOptimizeInput,
  routeOptimize,
  validateRouteOptimizeInput,
} from '../../../core/routing/index.ts';
import { BACKSTOP_MS } from '../../support/routing/budget.ts';

// Four patients roughly on an east–west line in Chicago; the calendar zig-zags between them.
// Four or five visits: proved by the exact DP within its label budget; the time limit is only a backstop.
function day(): RouteOptimizeInput {
  return {
    date: '2026-11-23',
    timeLimitMs: BACKSTOP_MS,
    start: { lat: 41.88, lon: -87.7, label: 'home' },
    visits: [
      {
        id: 'a',
        title: 'Mrs Alvarez',
        lat: 41.88,
        lon: -87.68,
        start: '2026-11-23T09:00:00-06:00',
        durationMinutes: 45,
      },
      { id: 'd', title: 'Mr Dunn', lat: 41.88, lon: -87.62, start: '10:00', durationMinutes: 45 },
      {
        id: 'b',
        title: 'Ms Brook',
        lat: 41.88,
        lon: -87.66,
        start: '11:00',
        durationMinutes: 45,
        window: { earliest: '09:00', latest: '13:00' },
      },
      { id: 'c', title: 'Mr Chen', lat: 41.88, lon: -87.64, start: '12:00', durationMinutes: 45 },
    ],
  };
}

describe('route optimize handler', () => {
  it('validates the input with messages that name the field', () => {
    const bad = day() as unknown as { visits: Record<string, unknown>[] };
    (bad.visits[3] as Record<string, unknown>).lat = 123;
    (bad.visits[1] as Record<string, unknown>).start = '2026-11-24T10:00';
    expect(() => validateRouteOptimizeInput(bad)).toThrow(/visits\[3\]\.lat must be a number between -90 and 90/);
    expect(() => validateRouteOptimizeInput(bad)).toThrow(
      /visits\[1\]\.start is on 2026-11-24, not on date 2026-11-23/,
    );
    expect(() => validateRouteOptimizeInput({ date: 'today', visits: [] })).toThrow(/date must be "YYYY-MM-DD"/);
  });

  it('compares the calendar order with the optimised order and explains the changes', () => {
    const report = routeOptimize(day());
    expect(report.calendar.order).toEqual(['a', 'd', 'b', 'c']);
    expect(report.optimized.order).toEqual(['a', 'b', 'c', 'd']);
    expect(report.provedOptimal).toBe(true);
    expect(report.optimized.leave).toBe('08:00'); // default working hours: 08:00, an hour before the first booking
    expect(report.savedMinutes).toBeGreaterThan(0);
    expect(report.travelAfterMinutes).toBeLessThan(report.travelBeforeMinutes);
    expect(report.changes).toEqual([
      expect.stringMatching(/^Moved Mr Dunn to the end of the day: saves [\d.]+ min of driving$/),
    ]);
    const text = formatRouteReport(report);
    expect(text).toContain('Route for 2026-11-23');
    expect(text).toMatch(/Travel: [\d.]+ min in calendar order → [\d.]+ min optimised \(saves/);
    expect(text).toContain('- Moved Mr Dunn to the end of the day');
  });

  it('keeps a fixed visit at its booked time and reports a window it cannot meet', () => {
    const input = day();
    input.visits = input.visits.map((v) => (v.id === 'd' ? { ...v, fixed: true } : v));
    input.visits.push({
      id: 'e',
      title: 'Mrs Early',
      lat: 41.95,
      lon: -87.62,
      start: '08:00',
      durationMinutes: 30,
      window: { earliest: '07:00', latest: '07:10' },
    });
    const report = routeOptimize(input);
    expect(report.optimized.stops.find((s) => s.id === 'd')?.start).toBe('10:00');
    expect(report.unservable).toEqual([expect.objectContaining({ visitId: 'e', reason: 'window' })]);
    expect(formatRouteReport(report)).toMatch(/! Mrs Early: even as the first visit/);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const shared = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');

describe('route solve handler', () => {
  it('names the file and the line of a malformed instance, and unreadable files', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'route-solve-')), 'bad.tsp');
    writeFileSync(file, 'NAME: x\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 zero 1\nEOF\n');
    await expect(routeSolve({ file, format: 'tsplib' })).rejects.toThrow(
      `${file} is not a valid tsplib instance: line 6`,
    );
    await expect(routeSolve({ file: `${file}.missing`, format: 'tsplib' })).rejects.toThrow(/cannot read .*missing/);
  });

  it.skipIf(!existsSync(shared))('solves a TSPTW file (skipped: ../shared/benchmarks/routing not found)', async () => {
    // 10 customers: proved by the DP (its label budget), whatever the machine; the limit is a backstop.
    const r = await routeSolve({
      file: path.join(shared, 'tsptw/AFG/rbg010a.tw'),
      format: 'tsptw',
      timeLimitMs: BACKSTOP_MS,
    });
    expect(r.timeLimitReached).toBe(false);
    const known = readFileSync(path.join(shared, 'known-values.csv'), 'utf8')
      .split('\n')
      .find((line) => line.includes('tsptw/AFG/rbg010a.tw'));
    expect(r).toMatchObject({ cost: Number(known?.split(',')[3]), provedOptimal: true, feasible: true });
    expect(r.order[0]).toBe(0);
  });
});
