import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/registry.ts';
import { runHomerounds } from '../support/run-cli.ts';

describe('homerounds machines', () => {
  it('lists every machine as pure JSON with --json', async () => {
    const run = await runHomerounds(['machines', 'list', '--json']);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<{ name: string; states: number; transitions: number }>;
    expect(rows.map((r) => r.name)).toEqual(MACHINES.map((m) => m.name));
    expect(rows.find((r) => r.name === 'auth')?.states).toBeGreaterThan(5);
  });

  it('shows a machine as a Mermaid diagram', async () => {
    const run = await runHomerounds(['machines', 'show', 'schedule']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^stateDiagram-v2/);
    expect(run.stdout).toContain('schedule_failed --> schedule_loading : schedule.retry');
  });

  it('lists the replayed paths with outcome labels', async () => {
    const run = await runHomerounds(['machines', 'paths', 'schedule', '--json']);
    expect(run.code).toBe(0);
    const paths = JSON.parse(run.stdout) as Array<{ target: unknown; events: string[] }>;
    expect(paths).toContainEqual({ target: 'failed', events: ['loadEvents: no provider token'] });
  });

  it('exits 4 with a message naming the known machines for an unknown one', async () => {
    const run = await runHomerounds(['machines', 'show', 'nope']);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Unknown machine "nope". Known machines: auth, schedule');
  });

  it('exits 2 on a bad flag value and on an unknown command', async () => {
    const bad = await runHomerounds(['machines', 'show', 'auth', '--format', 'svg']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format must be mermaid or json');
    const unknown = await runHomerounds(['machines', 'bogus']);
    expect(unknown.code).toBe(2);
  });

  it('documents the exit codes in --help', async () => {
    const run = await runHomerounds(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('3  authentication');
  });

  it('keeps docs/machines up to date with the machines', async () => {
    const run = await runHomerounds(['machines', 'docs', '--check']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
