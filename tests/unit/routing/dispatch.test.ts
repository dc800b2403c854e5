import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeDispatchFromFile } from '../../../cli/handlers/route-dispatch.ts';
import {
  type DispatchInput,
  dispatch,
  formatDispatchReport,
  parseClock,
  validateDispatchInput,
} from '../../../core/routing/vrptw/dispatch.ts';

const home = (dLat: number, dLon: number) => ({ lat: 41.88 + dLat, lon: -87.65 + dLon });

function day(): DispatchInput {
  return {
    date: '2026-11-24',
    clinicians: [
      { id: 'rn1', skills: ['RN'], home: home(0.02, -0.03), shift: { start: '08:00', end: '16:00' } },
      { id: 'pt1', skills: ['PT', 'OT'], home: home(-0.03, 0.02), shift: { start: '09:00', end: '13:00' } },
      { id: 'aide1', skills: ['aide'], home: home(0, 0), shift: { start: '10:00', end: '18:00' }, maxVisits: 3 },
    ],
    visits: [
      {
        id: 'a',
        lat: 41.89,
        lon: -87.66,
        skill: 'RN',
        durationMinutes: 45,
        window: { earliest: '09:00', latest: '10:00' },
      },
      { id: 'b', lat: 41.87, lon: -87.64, skill: 'PT', durationMinutes: 60 },
      {
        id: 'c',
        lat: 41.86,
        lon: -87.67,
        skill: 'OT',
        durationMinutes: 45,
        window: { earliest: '11:00', latest: '12:00' },
      },
      { id: 'd', lat: 41.9, lon: -87.62, skill: 'aide', durationMinutes: 30 },
      { id: 'e', lat: 41.88, lon: -87.63, skill: 'aide', durationMinutes: 30 },
      { id: 'f', lat: 41.85, lon: -87.66, skill: 'aide', durationMinutes: 30 },
      { id: 'g', lat: 41.91, lon: -87.68, skill: 'RN', durationMinutes: 40, lastClinician: 'rn1' },
    ],
  };
}

describe('agency dispatch', () => {
  it("gives each visit to a clinician with its skill, inside its window and the clinician's shift", () => {
    const input = day();
    const report = dispatch(input, { seed: 1, timeLimitMs: 2000 });
    expect(report.unassigned).toEqual([]);
    expect(report.feasible).toBe(true);
    const byId = new Map(input.visits.map((v) => [v.id, v]));
    const assigned = report.routes.flatMap((r) => r.stops.map((s) => s.visitId)).sort();
    expect(assigned).toEqual(input.visits.map((v) => v.id).sort());
    for (const route of report.routes) {
      const clinician = input.clinicians.find((c) => c.id === route.clinicianId);
      if (!clinician) throw new Error(`unknown clinician ${route.clinicianId}`);
      expect(route.stops.length).toBeLessThanOrEqual(clinician.maxVisits ?? Number.POSITIVE_INFINITY);
      expect(parseClock(route.leaveHome)).toBeGreaterThanOrEqual(parseClock(clinician.shift.start));
      expect(parseClock(route.backHome)).toBeLessThanOrEqual(parseClock(clinician.shift.end));
      for (const stop of route.stops) {
        const visit = byId.get(stop.visitId);
        if (!visit) throw new Error(`unknown visit ${stop.visitId}`);
        expect(clinician.skills).toContain(visit.skill);
        if (visit.window) {
          expect(parseClock(stop.start)).toBeGreaterThanOrEqual(parseClock(visit.window.earliest));
          expect(parseClock(stop.start)).toBeLessThanOrEqual(parseClock(visit.window.latest));
        }
      }
    }
    expect(report.totals.continuityKept).toBe(1); // g stays with rn1, the only RN
  });

  it('says why a visit cannot be assigned: no one has the skill, or no one can reach it in time', () => {
    const input = day();
    input.visits.push({ id: 'speech', lat: 41.88, lon: -87.65, skill: 'SLP', durationMinutes: 30 });
    input.visits.push({
      id: 'early-pt',
      lat: 41.88,
      lon: -87.65,
      skill: 'PT',
      durationMinutes: 30,
      window: { earliest: '07:00', latest: '07:30' }, // before the only PT's shift starts
    });
    const report = dispatch(input, { seed: 1, timeLimitMs: 1000 });
    expect(report.feasible).toBe(false);
    expect(report.unassigned).toEqual([
      { visitId: 'speech', reason: 'no clinician has the skill SLP' },
      { visitId: 'early-pt', reason: expect.stringMatching(/reach it inside its window/) },
    ]);
    expect(formatDispatchReport(report)).toMatch(/! speech not assigned: no clinician has the skill SLP/);
  });

  it('keeps a patient with the clinician who saw them last when that costs less than the continuity weight', () => {
    const input: DispatchInput = {
      continuityMinutes: 60,
      clinicians: [
        { id: 'near', skills: ['RN'], home: home(0, 0), shift: { start: '08:00', end: '17:00' } },
        { id: 'far', skills: ['RN'], home: home(0.05, 0.05), shift: { start: '08:00', end: '17:00' } },
      ],
      visits: [{ id: 'p', lat: 41.881, lon: -87.651, skill: 'RN', durationMinutes: 30, lastClinician: 'far' }],
    };
    const kept = dispatch(input, { seed: 1, timeLimitMs: 500 });
    expect(kept.routes.map((r) => r.clinicianId)).toEqual(['far']);
    const cheaper = dispatch({ ...input, continuityMinutes: 0 }, { seed: 1, timeLimitMs: 500 });
    expect(cheaper.routes.map((r) => r.clinicianId)).toEqual(['near']);
  });

  it('answers the same plan for the same seed', () => {
    const a = dispatch(day(), { seed: 3, timeLimitMs: 5000 });
    const b = dispatch(day(), { seed: 3, timeLimitMs: 5000 });
    expect(b.routes).toEqual(a.routes);
  });

  it('lists every problem in a dispatch file', () => {
    expect(() =>
      validateDispatchInput({
        clinicians: [{ id: 'x', skills: ['doctor'], home: { lat: 95, lon: 0 }, shift: { start: '9am', end: '17:00' } }],
        visits: [{ id: 'v', lat: 0, lon: 0, skill: 'RN', durationMinutes: 30, lastClinician: 'nobody' }],
      }),
    ).toThrow(
      /clinicians\[0\]\.skills\[0\] must be one of RN, PT, OT, SLP, aide[\s\S]*clinicians\[0\]\.home\.lat[\s\S]*clinicians\[0\]\.shift\.start must be a time "HH:MM"[\s\S]*visits\[0\]\.lastClinician/,
    );
  });

  it('reads a dispatch file from the command line handler', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dispatch-'));
    const file = path.join(dir, 'day.json');
    writeFileSync(file, JSON.stringify(day()));
    const report = await routeDispatchFromFile(file, { timeLimitMs: 500 });
    expect(report.totals.visitsAssigned).toBe(7);
    writeFileSync(file, JSON.stringify({ clinicians: [], visits: [] }));
    await expect(routeDispatchFromFile(file)).rejects.toThrow(/clinicians must be a non-empty list/);
  });
});
