// Vitest setup (vite.config.ts `setupFiles`), active for tests/web only: a console.error the test did not
// announce fails the test that caused it (React's act() and key warnings, a port that threw, a stray
// log). The specification requires some errors to be logged (§8: sign-in, session, profile, calendar
// causes); a test that expects one says so with allowConsoleError(), and may check what was logged.
import { afterEach, beforeEach } from 'vitest';

interface Allowance {
  pattern: RegExp;
  /** The lines logged that matched, in order. */
  calls: string[];
}

const WEB_TESTS = /[\\/]tests[\\/]web[\\/]/;
const original = console.error;
let active = false;
let allowances: Allowance[] = [];
let unexpected: string[] = [];

function lineOf(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' ');
}

function guardedError(...args: unknown[]): void {
  const line = lineOf(args);
  const allowance = allowances.find((a) => a.pattern.test(line));
  if (allowance) {
    allowance.calls.push(line);
    return;
  }
  unexpected.push(line);
  original.apply(console, args);
}

/**
 * Lets the current test log console.error lines matching `pattern` (an error the specification
 * requires to be logged). Returns the matching lines as they come; an allowance never used fails the
 * test, so a stale one cannot hide that the error is no longer logged.
 */
export function allowConsoleError(pattern: RegExp): { readonly calls: readonly string[] } {
  if (!active) throw new Error('allowConsoleError() works in tests/web only (tests/web/console-guard.ts)');
  const allowance: Allowance = { pattern, calls: [] };
  allowances.push(allowance);
  return allowance;
}

beforeEach(({ task }) => {
  active = WEB_TESTS.test(task.file.filepath);
  if (!active) return;
  allowances = [];
  unexpected = [];
  console.error = guardedError;
});

afterEach(() => {
  if (!active) return;
  active = false;
  console.error = original;
  const unused = allowances.filter((a) => a.calls.length === 0).map((a) => String(a.pattern));
  const problems = [
    ...unexpected.map((line) => `unexpected console.error: ${line}`),
    ...unused.map((pattern) => `allowed console.error ${pattern} was never logged`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
