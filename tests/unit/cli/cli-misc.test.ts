// Smaller CLI behaviours a user relies on: shell completion generated from the command tree (bash run for real),
// deletes that ask on a terminal and need --yes elsewhere, `homerounds help <topic>` listing its commands with
// examples, and input files that start with a UTF-8 byte order mark.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTopicVerbs } from '../../../cli/commands/resources.ts';
import { CliError, EXIT } from '../../../cli/errors.ts';
import { commandTable, completionScript } from '../../../cli/handlers/completion.ts';
import { parseDocumentText, readBody } from '../../../cli/handlers/input.ts';
import { confirmDeletion } from '../../../cli/handlers/resource.ts';
import { buildProgram, runCli } from '../../../cli/program.ts';
import { ENDPOINTS } from '../../../core/voice-platform/registry.ts';

const tmp = mkdtempSync(join(tmpdir(), 'homerounds-misc-'));

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { HOMEROUNDS_CONFIG: join(tmp, 'none.json'), VAPI_API_KEY: 'k', ...env },
    cwd: tmp,
  });
  return { code, stdout, stderr };
}

describe('shell completion', () => {
  const bash = spawnSync('bash', ['--version']).status === 0;

  /** What bash offers for the words typed so far (the last one being completed). */
  function complete(script: string, words: string[]): string[] {
    const file = join(tmp, 'homerounds.bash');
    writeFileSync(file, script);
    const quoted = words.map((w) => `'${w}'`).join(' ');
    const result = spawnSync(
      'bash',
      [
        '-c',
        `source ${file}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _homerounds; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    return result.stdout.split('\n').filter(Boolean);
  }

  it.skipIf(!bash)(
    'bash completes topics, generated verbs, hand-written verbs and flags, and skips flag values',
    async () => {
      const { code, stdout } = await run(['completion', 'bash']);
      expect(code).toBe(0);
      expect(spawnSync('bash', ['-n'], { input: stdout }).status).toBe(0);
      expect(complete(stdout, ['homerounds', 'assi'])).toEqual(['assistant']);
      expect(complete(stdout, ['homerounds', 'assistant', 'l'])).toEqual(['list', 'list-v2']);
      expect(complete(stdout, ['homerounds', 'call', 'w'])).toEqual(['watch', 'web']);
      expect(complete(stdout, ['homerounds', 'call', 'e'])).toEqual(expect.arrayContaining(['end', 'export']));
      expect(complete(stdout, ['homerounds', 'profiles', ''])).toEqual(['list', 'help']);
      expect(complete(stdout, ['homerounds', 'assistant', 'delete', '--y'])).toEqual(['--yes']);
      // A flag's value is not a command: `--profile list` does not make "list" the verb.
      expect(complete(stdout, ['homerounds', 'assistant', '--profile', 'x', 'list', '--li'])).toEqual(['--limit']);
      // After a flag that takes a path, the shell's own file completion takes over (nothing offered here).
      expect(complete(stdout, ['homerounds', 'assistant', 'create', '--file', ''])).toEqual([]);
    },
  );

  it('every command of the tree is in both scripts; zsh gets descriptions; unknown shells are usage errors', async () => {
    const program = buildProgram({ stdout: () => {}, stderr: () => {}, env: {}, cwd: tmp });
    for (const topic of program.commands) loadTopicVerbs(topic);
    const table = commandTable(program);
    const zsh = (await run(['completion', 'zsh'])).stdout;
    expect(zsh).toBe(completionScript(program, 'zsh'));
    for (const endpoint of ENDPOINTS) {
      expect(
        table.nodes.some((n) => n.path === `${endpoint.resource} ${endpoint.verb}`),
        endpoint.verb,
      ).toBe(true);
    }
    expect(zsh).toMatch(/^#compdef homerounds/);
    expect(zsh).toContain("'watch:follow a call as it goes");
    expect(zsh).toContain("'--profile:use the key and base URL saved by homerounds login");
    expect(table.files).toEqual(expect.arrayContaining(['--file', '-f', '--upload']));
    expect(table.valued).toContain('--profile');
    expect(table.valued).not.toContain('--json');
    const bad = await run(['completion', 'fish']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toContain('unknown shell "fish"');
  });
});

describe('delete asks first', () => {
  const endpoint = ENDPOINTS.find((e) => e.resource === 'assistant' && e.verb === 'delete');
  if (!endpoint) throw new Error('no assistant delete endpoint');

  it('on a terminal: deletes only on y/yes; elsewhere it needs --yes (exit 2)', async () => {
    const questions: string[] = [];
    const ask = (answer: string) => async (question: string) => {
      questions.push(question);
      return answer;
    };
    await expect(confirmDeletion(endpoint, ['a1'], { interactive: true, ask: ask('y') })).resolves.toBeUndefined();
    await expect(confirmDeletion(endpoint, ['a1'], { interactive: true, ask: ask(' YES ') })).resolves.toBeUndefined();
    const no = await confirmDeletion(endpoint, ['a1'], { interactive: true, ask: ask('') }).catch((e: unknown) => e);
    expect(no).toBeInstanceOf(CliError);
    expect((no as CliError).message).toBe('not confirmed: assistant a1 was not deleted');
    expect(questions[0]).toBe('Delete assistant a1? This cannot be undone. [y/N] ');
    const script = await confirmDeletion(endpoint, ['a1'], { interactive: false }).catch((e: unknown) => e);
    expect((script as CliError).exitCode).toBe(EXIT.usage);
    expect((script as CliError).message).toContain('pass --yes');
    await expect(confirmDeletion(endpoint, ['a1'], { interactive: false, yes: true })).resolves.toBeUndefined();
  });

  it('the command sends nothing without --yes when not on a terminal, and deletes with it', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'a1' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await run(['assistant', 'delete', 'a1', '--base-url', url]);
      expect(refused.code).toBe(EXIT.usage);
      expect(refused.stderr).toContain('homerounds assistant delete deletes assistant a1: pass --yes');
      expect(seen).toEqual([]);
      const done = await run(['assistant', 'delete', 'a1', '--yes', '--json', '--base-url', url]);
      expect(done.code).toBe(0);
      expect(seen).toEqual(['DELETE /assistant/a1']);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('help <topic>', () => {
  it('lists the topic commands with examples, as <topic> --help does', async () => {
    const help = await run(['help', 'assistant']);
    expect(help.code).toBe(0);
    for (const verb of ['list', 'create', 'get', 'update', 'delete'])
      expect(help.stdout).toMatch(new RegExp(`^  ${verb} `, 'm'));
    expect(help.stdout).toContain('Examples:\n  $ homerounds assistant list --limit 20');
    expect(help.stdout).toContain('$ homerounds assistant delete <id> --yes');
    const flag = await run(['assistant', '--help']);
    expect(flag.stdout).toBe(help.stdout);
  });
});

describe('a UTF-8 byte order mark', () => {
  it('is accepted at the start of a JSON or YAML file, and positions still point at the right place', async () => {
    writeFileSync(join(tmp, 'body.json'), '\uFEFF{"name":"Front desk"}\n');
    writeFileSync(join(tmp, 'body.yaml'), '\uFEFFname: Front desk\n');
    expect(await readBody({ file: 'body.json', cwd: tmp })).toEqual({ name: 'Front desk' });
    expect(await readBody({ file: 'body.yaml', cwd: tmp })).toEqual({ name: 'Front desk' });
    expect(await parseDocumentText('\uFEFF{"a":1}', '<stdin>')).toEqual({ a: 1 });
    await expect(parseDocumentText('\uFEFF{"a":}', 'x.json')).rejects.toThrow('x.json:1:6: malformed JSON');
  });
});
