// `homerounds mileage` (in-process, as main.ts runs it) against the local platform: `--format csv` prints exactly the
// file the dashboard's "Download CSV" saves for the same month (the web adapter's answer through the Mileage view's
// own file builder), `--out` writes it, the table and JSON formats, and bad input exits 2 saying what to fix before
// anything is asked.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.ts';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import { createMileageClient } from '../../web/src/adapters/mileage.ts';
import { mileageCsvFile } from '../../web/src/features/mileage/mileage-download.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';

const MAYA = 'maya.patel@homerounds.test';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startLocalPlatform();
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

async function homerounds(args: string[], cwd = process.cwd()) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { HOMEROUNDS_LOCAL_URL: platform.url },
    cwd,
  });
  return { code, stdout, stderr };
}

/** What the dashboard downloads: the page's client (a session for Maya) and the view's file builder. */
async function dashboardCsv(month: string): Promise<{ filename: string; text: string; log: MileageMonth }> {
  const minted = await fetch(`${platform.url}/__local/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MAYA }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const client = createMileageClient({
    supabaseUrl: platform.url,
    anonKey: LOCAL_ANON_KEY,
    getAccessToken: () => access_token,
  });
  const log = await client.load(month, new AbortController().signal);
  return { ...mileageCsvFile(log), log };
}

describe('homerounds mileage', () => {
  it('prints exactly the CSV the dashboard downloads for the same month, and writes it with --out', async () => {
    const run = await homerounds(['mileage', '--clinician', MAYA, '--month', '2026-11', '--format', 'csv']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const dashboard = await dashboardCsv('2026-11');
    expect(dashboard.log.days.length).toBeGreaterThan(2);
    expect(run.stdout).toBe(dashboard.text);
    expect(dashboard.filename).toBe('mileage-2026-11.csv');

    const dir = mkdtempSync(join(tmpdir(), 'mileage-'));
    const out = await homerounds(
      ['mileage', '--clinician', MAYA, '--month', '2026-11', '--format', 'csv', '--out', 'log.csv'],
      dir,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('');
    expect(readFileSync(join(dir, 'log.csv'), 'utf8')).toBe(dashboard.text);
  }, 60_000);

  it('prints a table for people and the answer as JSON', async () => {
    const table = await homerounds(['mileage', '--clinician', MAYA, '--month', '2026-10']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Mileage for 2026-10');
    expect(table.stdout).toMatch(/2026-10-28\s+\d+\.\d\s+\d+\.\d/);
    expect(table.stdout).toContain('upcoming');
    expect(table.stdout).toContain('72.5 cents per mile');
    const json = await homerounds(['mileage', '--clinician', MAYA, '--month', '2026-10', '--format', 'json']);
    const log = JSON.parse(json.stdout) as MileageMonth;
    expect(log.month).toBe('2026-10');
    expect(log.days.map((d) => d.day)).toEqual(['2026-10-28', '2026-10-29', '2026-10-30']);
  }, 60_000);

  it('exits 2 saying what to fix on bad input, and 4 for a clinician the platform does not know', async () => {
    const month = await homerounds(['mileage', '--clinician', MAYA, '--month', '2026-13']);
    expect(month.code).toBe(2);
    expect(month.stderr).toContain('--month must be a month as YYYY-MM, e.g. 2026-11 (got "2026-13")');
    const format = await homerounds(['mileage', '--clinician', MAYA, '--month', '2026-11', '--format', 'xlsx']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be one of table, csv, json');
    const missing = await homerounds(['mileage', '--month', '2026-11']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--clinician <email>' not specified");
    const unknown = await homerounds(['mileage', '--clinician', 'nobody@homerounds.test', '--month', '2026-11']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('No seeded clinician nobody@homerounds.test');
  });
});
