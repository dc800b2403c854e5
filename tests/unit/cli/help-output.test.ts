// `homerounds --help` fast and unchanged: the help inlined at build time is exactly what commander prints (80
// columns, or unwrapped on a wide terminal; a narrower terminal falls back to commander), the built entry chunk
// loads nothing at start (no command tree, commander, ajv, yaml or schema JSON), and a run that registers only the
// group of commands it names sees the same commands and flags as the whole tree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../../cli/build.ts';
import { loadTopicVerbs } from '../../../cli/commands/resources.ts';
import { buildProgram, groupsFor, renderRootHelp, runCli } from '../../../cli/program.ts';
import { precomputedRootHelp, type RootHelp, widestLine } from '../../../cli/root-help.ts';

const repoRoot = join(import.meta.dirname, '../../..');
const quiet = { stdout: () => undefined, stderr: () => undefined, env: {}, cwd: repoRoot };

async function helpViaRunCli(args: string[]): Promise<string> {
  let text = '';
  const code = await runCli(args, {
    ...quiet,
    stdout: (t) => {
      text += t;
    },
  });
  expect(code).toBe(0);
  return text;
}

describe('the precomputed root help', () => {
  it('is what commander prints: at 80 columns (a pipe), unwrapped on a wide terminal, else not used', async () => {
    const wide = await renderRootHelp(10_000);
    const help: RootHelp = { narrow: await renderRootHelp(80), wide, wideColumns: widestLine(wide) };
    expect(help.narrow).toBe(await helpViaRunCli(['--help']));
    expect(help.narrow).toContain('Exit codes:');
    expect(help.narrow).toMatch(/^ {2}assistant {2,}voice assistants/m);
    for (const argv of [['--help'], ['-h'], ['help']]) {
      expect(precomputedRootHelp(argv, help, { isTTY: false })).toBe(help.narrow);
    }
    expect(precomputedRootHelp(['help'], help, { isTTY: false })).toBe(await helpViaRunCli(['help']));
    // A terminal as wide as the widest line or wider: commander wraps nothing there either.
    expect(precomputedRootHelp(['--help'], help, { isTTY: true, columns: help.wideColumns + 7 })).toBe(
      await renderRootHelp(help.wideColumns + 7),
    );
    expect(precomputedRootHelp(['--help'], help, { isTTY: true, columns: help.wideColumns - 1 })).toBeUndefined();
    expect(precomputedRootHelp(['assistant', '--help'], help, { isTTY: false })).toBeUndefined();
    expect(precomputedRootHelp(['--help'], undefined, { isTTY: false })).toBeUndefined();
  });
});

describe('the built entry', () => {
  // node_modules/.cache is not there on a fresh install.
  mkdirSync(join(repoRoot, 'node_modules/.cache'), { recursive: true });
  const out = mkdtempSync(join(repoRoot, 'node_modules/.cache/homerounds-cli-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('imports nothing at start and prints the help commander would', async () => {
    const meta = await buildCli(out);
    const [, entry] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === 'cli/main.ts') ?? [];
    expect(entry).toBeDefined();
    // Only dynamic imports: the command tree, commander, ajv, yaml and the schemas load after the help check.
    expect(entry?.imports.filter((i) => i.kind !== 'dynamic-import')).toEqual([]);
    expect(Object.keys(entry?.inputs ?? {}).sort()).toEqual(['cli/main.ts', 'cli/root-help.ts']);
    const run = spawnSync(process.execPath, [join(out, 'main.js'), '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(await helpViaRunCli(['--help']));
    const text = readFileSync(join(out, 'main.js'), 'utf8');
    expect(text).not.toMatch(/from ["'](commander|ajv|yaml)["']/);
  }, 60_000);
});

describe('a run registers only the commands it names', () => {
  /** Every command path with its flags, e.g. "call watch: --interval --json …". */
  function shape(command: Command, prefix = ''): Map<string, string> {
    const out = new Map<string, string>();
    for (const sub of command.commands) {
      const path = `${prefix}${sub.name()}`;
      out.set(path, sub.options.map((o) => o.long ?? o.short).join(' '));
      for (const [k, v] of shape(sub, `${path} `)) out.set(k, v);
    }
    return out;
  }

  it('each top-level command and topic, built alone, has the same subcommands and flags as in the whole tree', () => {
    const full = buildProgram(quiet);
    for (const top of full.commands) {
      const alone = buildProgram(quiet, groupsFor([top.name()]));
      const mine = alone.commands.find((c) => c.name() === top.name());
      expect(mine, top.name()).toBeDefined();
      if (!mine) continue;
      // The resource topics register their verbs on first use: load them in both trees.
      loadTopicVerbs(mine);
      loadTopicVerbs(top);
      expect(shape(mine), top.name()).toEqual(shape(top));
      expect(mine.options.map((o) => o.long)).toEqual(top.options.map((o) => o.long));
    }
    // `help <topic>` builds the topic; the root help, --version and unknown words build everything.
    expect(groupsFor(['help', 'route'])).toEqual(['route']);
    expect(groupsFor([]).length).toBe(groupsFor(['nonsense']).length);
    expect(groupsFor(['--version']).length).toBe(groupsFor([]).length);
  });
});
