import { describe, expect, it } from 'vitest';
import { findPyvrp, parsePyvrpOutput } from '../../../bench/pyvrp/pyvrp-result.ts';

// A line as bench/pyvrp/solve.py prints it (PyVRP itself cannot be installed here: PyPI only).
const canned = JSON.stringify({
  solver: 'pyvrp',
  version: '0.11.0',
  file: 'C101.25.vrptw',
  convention: 'truncated',
  objective: 'distance',
  seed: 1,
  timeLimitS: 1,
  seconds: 1.002,
  vehicles: 3,
  distance: 191.3,
  feasible: true,
  problems: [],
  routes: [
    [5, 3, 7, 8, 10, 11, 9, 6, 4, 2, 1],
    [13, 17, 18, 19, 15, 16, 14, 12],
    [20, 24, 25, 23, 22, 21],
  ],
});

describe('PyVRP side-by-side: solve.py output', () => {
  it('parses routes, distance and feasibility, after any log lines', () => {
    const r = parsePyvrpOutput(`PyVRP v0.11.0\nsolving...\n${canned}\n`);
    expect(r).toMatchObject({ version: '0.11.0', vehicles: 3, distance: 191.3, feasible: true, problems: [] });
    expect(r.routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, k) => k + 1));
  });

  it('refuses output that is not a result, with the reason', () => {
    expect(() => parsePyvrpOutput('Traceback (most recent call last):')).toThrow(/no JSON/);
    expect(() => parsePyvrpOutput('{"solver":"pyvrp","error":"pyvrp not importable: No module named pyvrp"}')).toThrow(
      /not importable/,
    );
    const wrong = JSON.parse(canned);
    wrong.vehicles = 4; // three routes listed
    expect(() => parsePyvrpOutput(JSON.stringify(wrong))).toThrow(/matching routes/);
    wrong.vehicles = 3;
    wrong.routes[0][0] = 0; // the depot is implicit, never listed
    expect(() => parsePyvrpOutput(JSON.stringify(wrong))).toThrow(/matching routes/);
  });

  it('says why PyVRP is not run when the interpreter is missing', () => {
    const r = findPyvrp({ PYVRP_PYTHON: '/nonexistent/python3' });
    expect('reason' in r && r.reason).toMatch(/not found.*PYVRP_PYTHON/);
  });
});
