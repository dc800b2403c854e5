// The CLI's clock as a person sets it: HOMEROUNDS_NOW (an instant with its UTC offset) and HOMEROUNDS_CLOCK
// (running | frozen). `homerounds login --no-verify` reads it once, for the profile's savedAt: a malformed
// setting is a usage error (exit 2) that says what to write, and nothing is saved; a frozen clock saves exactly
// its instant; by default (tests/support/run-cli.ts) the CLI runs on the suite's clock.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHomerounds } from '../support/run-cli.ts';
import { testNow } from '../support/test-clock.ts';

const KEY = 'sk-clock-test-key\n';

/** A fresh HOME with its config dir; the config file `login` writes there. */
function home(): { env: Record<string, string>; configFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'homerounds-clock-'));
  return {
    env: { HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), HOMEROUNDS_CONFIG: '', HOMEROUNDS_PROFILE: '' },
    configFile: join(dir, '.config', 'homerounds', 'config.json'),
  };
}

function login(env: Record<string, string>) {
  return runHomerounds(['login', '--no-verify', '--json'], { env, input: KEY });
}

describe('homerounds with HOMEROUNDS_NOW / HOMEROUNDS_CLOCK', () => {
  it.each([
    ['no UTC offset', '2026-12-01T17:05:00'],
    ['a date only', '2026-12-01'],
    ['a space for the T', '2026-12-01 17:05:00-06:00'],
    ['words', 'tomorrow at 5 pm'],
  ])('a malformed HOMEROUNDS_NOW (%s) exits 2, says what to write, and saves nothing', async (_what, now) => {
    const { env, configFile } = home();
    const run = await login({ ...env, HOMEROUNDS_NOW: now, HOMEROUNDS_CLOCK: 'running' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `HOMEROUNDS_NOW must be an instant with its UTC offset, e.g. 2026-12-01T17:05:00-06:00 (5:05 pm in Chicago); got "${now}"`,
    );
    expect(run.stdout).toBe('');
    expect(existsSync(configFile)).toBe(false);
  });

  it('a HOMEROUNDS_CLOCK other than running or frozen, or frozen without an instant, exits 2 saying so', async () => {
    const { env, configFile } = home();
    const sometimes = await login({ ...env, HOMEROUNDS_NOW: '2026-12-01T17:05:00-06:00', HOMEROUNDS_CLOCK: 'paused' });
    expect(sometimes.code).toBe(2);
    expect(sometimes.stderr).toContain('HOMEROUNDS_CLOCK must be "running" or "frozen", not "paused"');
    const noInstant = await login({ ...env, HOMEROUNDS_NOW: '', HOMEROUNDS_CLOCK: 'frozen' });
    expect(noInstant.code).toBe(2);
    expect(noInstant.stderr).toContain('HOMEROUNDS_CLOCK=frozen needs HOMEROUNDS_NOW, the instant to freeze at');
    expect(existsSync(configFile)).toBe(false);
  });

  it('frozen at 2026-12-01T17:05:00-06:00, the saved profile’s savedAt is exactly that instant', async () => {
    const { env, configFile } = home();
    const run = await login({ ...env, HOMEROUNDS_NOW: '2026-12-01T17:05:00-06:00', HOMEROUNDS_CLOCK: 'frozen' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ configPath: configFile, profile: 'default' });
    const saved = JSON.parse(readFileSync(configFile, 'utf8')) as { apiKey: string; savedAt: string };
    expect(saved).toMatchObject({ apiKey: KEY.trim(), savedAt: '2026-12-01T23:05:00.000Z' });
    // As `profiles list` shows it.
    const list = await runHomerounds(['profiles', 'list', '--json'], { env });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({
      profiles: [{ name: 'default', savedAt: '2026-12-01T23:05:00.000Z' }],
    });
  });

  it('without a setting of its own the spawned CLI runs on the suite’s clock (its HOMEROUNDS_NOW, running)', async () => {
    const { env, configFile } = home();
    const before = testNow().getTime();
    const run = await login(env);
    const after = testNow().getTime();
    expect(run.code).toBe(0);
    const savedAt = Date.parse((JSON.parse(readFileSync(configFile, 'utf8')) as { savedAt: string }).savedAt);
    // The suite's clock moves in 20 ms steps; the CLI's from its start at the real pace.
    expect(savedAt).toBeGreaterThanOrEqual(before);
    expect(savedAt).toBeLessThanOrEqual(after + 1_000);
  });
});
