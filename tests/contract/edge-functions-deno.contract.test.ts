// The Edge Function entries under Deno, the runtime Supabase runs them on (the npm package `deno`, a dev
// dependency), offline: `npm:` imports resolve from the project's node_modules through the production
// import map (supabase/functions/deno.json); postgres.js, which is not a project dependency, is replaced
// by a stub with no rows. The entries refuse to start without their secrets and, configured, answer as the
// local platform's Node mount of the same handlers does. Skipped, with the reason, without the binary.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { signCallToken } from '../../core/assistant/call-token.ts';
import { parseToolResult } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../emulators/local-secrets.ts';
import { repoRoot } from '../support/run-cli.ts';

const DENO_CANDIDATES = [
  process.env.DENO_BIN,
  join(repoRoot, 'node_modules/deno/deno'),
  join(repoRoot, 'node_modules/@deno/linux-x64-glibc/deno'),
].filter((p): p is string => Boolean(p));
const deno = DENO_CANDIDATES.find((p) => existsSync(p));

const functions = join(repoRoot, 'supabase/functions');
const entry = (name: string) => pathToFileURL(join(functions, name, 'index.ts')).href;
const TOOLS_SECRET = 'deno-test-tools-secret';
const CALL_TOKEN_SECRET = 'deno-test-call-token-secret-of-40-characters';
const TOOLS_ENV = {
  HOMEROUNDS_TOOLS_SECRET: TOOLS_SECRET,
  HOMEROUNDS_CALL_TOKEN_SECRET: CALL_TOKEN_SECRET,
  SUPABASE_DB_URL: 'postgres://stub.invalid/postgres',
  GOOGLE_CLIENT_ID: 'deno-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'deno-test-client-secret',
  HOMEROUNDS_TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_ENCRYPTION_KEY,
  HOMEROUNDS_DEFAULT_TIME_ZONE: 'America/Chicago',
};

/** The production import map plus the postgres stub, in a temporary deno.json. */
function testConfig(): string {
  const production = JSON.parse(readFileSync(join(functions, 'deno.json'), 'utf8')) as {
    imports: Record<string, string>;
  };
  const dir = mkdtempSync(join(tmpdir(), 'homerounds-deno-'));
  const file = join(dir, 'deno.json');
  const stub = pathToFileURL(join(repoRoot, 'tests/support/deno/postgres-stub.ts')).href;
  writeFileSync(file, JSON.stringify({ imports: { ...production.imports, 'npm:postgres@3.4.9': stub } }));
  return file;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runDeno(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      deno as string,
      args,
      {
        cwd: repoRoot,
        timeout: 110_000,
        maxBuffer: 8 * 1024 * 1024,
        // Only what is given: no secret of the machine leaks in, and nothing is fetched.
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          DENO_DIR: join(repoRoot, 'node_modules/.cache/deno'),
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

const OFFLINE = ['--no-remote', '--no-lock', '--node-modules-dir=manual'];

/**
 * The time on Deno's clock. The entries read the system clock, as on Supabase (no HOMEROUNDS_NOW there), so what
 * they verify is signed at the machine's real time as Deno sees it, not at the suite's.
 */
async function denoNow(): Promise<Date> {
  const run = await runDeno(['eval', 'console.log(new Date().toISOString())']);
  const at = new Date(run.stdout.trim());
  if (run.code !== 0 || Number.isNaN(at.getTime())) throw new Error(`deno eval → ${run.code}\n${run.stderr}`);
  return at;
}

async function serve(
  name: string,
  config: string,
  env: Record<string, string>,
  requests: Array<{ method: string; path?: string; headers?: Record<string, string>; body?: string }>,
): Promise<Array<{ status: number; body: string }>> {
  const run = await runDeno(
    [
      'run',
      ...OFFLINE,
      '--config',
      config,
      '--allow-env',
      '--allow-read',
      join(repoRoot, 'tests/support/deno/run-entry.ts'),
      entry(name),
      JSON.stringify(requests),
    ],
    env,
  );
  if (run.code !== 0) throw new Error(`deno run ${name} → ${run.code}\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as Array<{ status: number; body: string }>;
}

describe.skipIf(!deno)(
  `Edge Functions under Deno${deno ? '' : ' (skipped: no deno binary; `npm install` installs the dev dependency deno)'}`,
  () => {
    it('type-checks the entries and the server they compose with the production import map', async () => {
      const production = join(functions, 'deno.json');
      const server = await runDeno(['check', ...OFFLINE, '--config', production, join(repoRoot, 'server/index.ts')]);
      expect(server.stderr.replace(/^Check .*\n/gm, '')).toBe('');
      expect(server.code).toBe(0);
      // postgres.js is not in node_modules: the entries are checked against the stub's signature.
      const tools = await runDeno([
        'check',
        ...OFFLINE,
        '--config',
        testConfig(),
        ...[
          'call-token',
          'google-token',
          'assistant-tools',
          'confirmations',
          'locations',
          'reorder-day',
          'drive-times',
          'link-patient',
          'mileage',
        ].map((fn) => join(functions, fn, 'index.ts')),
      ]);
      expect(tools.stderr.replace(/^Check .*\n/gm, '')).toBe('');
      expect(tools.code).toBe(0);
    }, 120_000);

    it('assistant-tools refuses to start without its secrets and names each missing one', async () => {
      const config = testConfig();
      const args = ['run', ...OFFLINE, '--config', config, '--allow-env', '--allow-read', entry('assistant-tools')];
      const bare = await runDeno(args);
      expect(bare.code).not.toBe(0);
      expect(bare.stderr).toContain(
        '[assistant-tools] missing secrets: HOMEROUNDS_TOOLS_SECRET, HOMEROUNDS_CALL_TOKEN_SECRET, SUPABASE_DB_URL, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
      );
      const { HOMEROUNDS_TOOLS_SECRET: _omitted, ...withoutSecret } = TOOLS_ENV;
      const one = await runDeno(args, withoutSecret);
      expect(one.stderr).toContain('[assistant-tools] missing secrets: HOMEROUNDS_TOOLS_SECRET.');
      expect(one.stderr).not.toContain(CALL_TOKEN_SECRET);
      const short = await runDeno(args, { ...TOOLS_ENV, HOMEROUNDS_CALL_TOKEN_SECRET: 'too-short' });
      expect(short.stderr).toContain('HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters');
    }, 120_000);

    it('assistant-tools answers the platform: 401 without the secret, {} for other messages, a result per tool call', async () => {
      // About the real date: the entry runs on the machine's clock (see denoNow).
      const now = await denoNow();
      const { token } = await signCallToken('7a0c2d9e-1111-4c4c-9e9e-000000000001', CALL_TOKEN_SECRET, now);
      const toolCalls = (callToken: string | null) =>
        JSON.stringify(
          toolCallsMessage({
            calls: [{ id: 'call_deno_1', name: 'list_visits', args: { date: 'tomorrow' } }],
            callId: '3f0c1a7e-2b4d-4c8e-9f1a-5d6e7f8a9b0c',
            orgId: '00000000-0000-4000-8000-000000000001',
            callToken,
            now,
          }),
        );
      const secret = { 'content-type': 'application/json', 'x-vapi-secret': TOOLS_SECRET };
      const [noSecret, wrongSecret, status, withToken, withoutToken] = await serve(
        'assistant-tools',
        testConfig(),
        TOOLS_ENV,
        [
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: toolCalls(token) },
          { method: 'POST', headers: { ...secret, 'x-vapi-secret': 'wrong' }, body: toolCalls(token) },
          {
            method: 'POST',
            headers: secret,
            body: JSON.stringify({ message: { type: 'status-update', status: 'in-progress' } }),
          },
          { method: 'POST', headers: secret, body: toolCalls(token) },
          { method: 'POST', headers: secret, body: toolCalls(null) },
        ],
      );
      expect(noSecret?.status).toBe(401);
      expect(JSON.parse(noSecret?.body ?? '{}')).toMatchObject({ code: 'unauthorized' });
      expect(wrongSecret?.status).toBe(401);
      expect(status).toEqual({ status: 200, body: '{}' });
      // The call token signed in Node verifies in Deno (jose from node_modules), the tools run (chrono-node),
      // the grant store is asked and has no grant: the clinician is asked to sign in again.
      expect(withToken?.status).toBe(200);
      const [result] = (JSON.parse(withToken?.body ?? '{}') as { results: Array<Record<string, unknown>> }).results;
      expect(result).toMatchObject({ toolCallId: 'call_deno_1', name: 'list_visits' });
      expect(parseToolResult(result?.result)).toMatchObject({ status: 'needs_sign_in' });
      expect(withoutToken?.status).toBe(200);
      expect(JSON.parse(withoutToken?.body ?? '{}')).toEqual({
        results: [{ toolCallId: 'call_deno_1', name: 'list_visits', error: expect.stringContaining('No call token') }],
      });
    }, 120_000);

    it('confirmations refuses to start without its secrets; configured, it checks who calls before anything else', async () => {
      const config = testConfig();
      const bare = await runDeno([
        'run',
        ...OFFLINE,
        '--config',
        config,
        '--allow-env',
        '--allow-read',
        entry('confirmations'),
      ]);
      expect(bare.code).not.toBe(0);
      expect(bare.stderr).toContain(
        '[confirmations] missing secrets: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_DB_URL',
      );
      expect(bare.stderr).toContain('VAPI_API_KEY, HOMEROUNDS_CONFIRMATION_ASSISTANT_ID');
      const env = {
        ...TOOLS_ENV,
        SUPABASE_URL: 'http://127.0.0.1:9',
        SUPABASE_ANON_KEY: 'anon',
        HOMEROUNDS_ADMIN_SECRET: 'deno-test-admin-secret-of-enough-length',
        VAPI_API_KEY: 'vapi-private',
        HOMEROUNDS_CONFIRMATION_ASSISTANT_ID: '00000000-0000-4000-8000-00000000000a',
        HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID: '00000000-0000-4000-8000-00000000000b',
        HOMEROUNDS_CALLBACK_NUMBER: '+13125550100',
      };
      const badNumber = await runDeno(
        ['run', ...OFFLINE, '--config', config, '--allow-env', '--allow-read', entry('confirmations')],
        { ...env, HOMEROUNDS_CALLBACK_NUMBER: '312-555-0100' },
      );
      expect(badNumber.stderr).toContain('HOMEROUNDS_CALLBACK_NUMBER must be an E.164 number');
      const report = JSON.stringify({ message: { type: 'end-of-call-report', endedReason: 'voicemail' } });
      const hook = '/functions/v1/confirmations';
      const [noSecret, noAdmin, other] = await serve('confirmations', config, env, [
        { method: 'POST', path: `${hook}/webhook`, headers: { 'content-type': 'application/json' }, body: report },
        {
          method: 'POST',
          path: `${hook}/plan`,
          headers: { 'content-type': 'application/json' },
          body: '{"clinician":"a@b.c"}',
        },
        {
          method: 'POST',
          path: `${hook}/webhook`,
          headers: { 'content-type': 'application/json', 'x-vapi-secret': TOOLS_SECRET },
          body: JSON.stringify({ message: { type: 'status-update', status: 'ended' } }),
        },
      ]);
      expect(noSecret?.status).toBe(401);
      expect(noAdmin?.status).toBe(401);
      expect(JSON.parse(noAdmin?.body ?? '{}')).toMatchObject({ code: 'unauthorized' });
      expect(other).toEqual({ status: 200, body: '{}' });
    }, 120_000);

    it('call-token refuses to start without its secrets; configured, it answers preflight and refuses a missing session', async () => {
      // Every entry loads postgres.js (the shared start-up); call-token reads the revocation generation with it.
      const config = testConfig();
      const args = ['run', ...OFFLINE, '--config', config, '--allow-env', '--allow-read', entry('call-token')];
      const bare = await runDeno(args);
      expect(bare.code).not.toBe(0);
      expect(bare.stderr).toContain(
        '[call-token] missing secrets: SUPABASE_URL, SUPABASE_ANON_KEY, HOMEROUNDS_CALL_TOKEN_SECRET, SUPABASE_DB_URL.',
      );
      const answers = await serve(
        'call-token',
        config,
        {
          SUPABASE_URL: 'https://stub.invalid',
          SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
          HOMEROUNDS_CALL_TOKEN_SECRET: CALL_TOKEN_SECRET,
          SUPABASE_DB_URL: 'postgres://stub.invalid/postgres',
        },
        [
          { method: 'OPTIONS' },
          { method: 'POST' },
          { method: 'POST', headers: { authorization: `Bearer ${LOCAL_ANON_KEY}`, apikey: LOCAL_ANON_KEY } },
          { method: 'GET' },
        ],
      );
      expect(answers.map((a) => a.status)).toEqual([204, 401, 401, 405]);
      expect(JSON.parse(answers[1]?.body ?? '{}')).toMatchObject({ code: 'unauthorized' });
    }, 120_000);
  },
);
