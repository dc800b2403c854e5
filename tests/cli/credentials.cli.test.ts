// Credentials as an administrator of several orgs uses them, against stub platforms that record which key reached
// them: profiles (`login --profile`, `--profile`, HOMEROUNDS_PROFILE, `profiles list`, `logout`) in one 0600 file;
// a saved key never sent to a URL given for another key; VAPI_API_KEY never sent to the saved URL; conflicting
// flags refused before anything is sent; `whoami` naming every source. Also `--local-url` beating
// HOMEROUNDS_LOCAL_URL.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeConfig } from '../../cli/config/credentials.ts';
import { runCli } from '../../cli/program.ts';
import { runHomerounds } from '../support/run-cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'homerounds-credentials-'));

interface Stub {
  url: string;
  /** The bearer tokens that reached this server, in order. */
  keys: string[];
  paths: string[];
  close: () => Promise<void>;
}

/** A platform that answers GET /org with its name and lists with []. */
async function platform(name: string): Promise<Stub> {
  const keys: string[] = [];
  const paths: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    keys.push((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    paths.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url?.startsWith('/org') ? { id: `org-${name}`, name } : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keys,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const stubs: Stub[] = [];
afterAll(async () => {
  await Promise.all(stubs.map((s) => s.close()));
});

async function run(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { VAPI_API_KEY: '', VAPI_BASE_URL: '', HOMEROUNDS_PROFILE: '', ...env },
    cwd: tmp,
  });
  return { code, stdout, stderr };
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('profiles', () => {
  it('login --profile saves a key per org in one 0600 file; --profile and HOMEROUNDS_PROFILE pick it with its URL', async () => {
    const prod = await platform('Prod org');
    const staging = await platform('Staging org');
    stubs.push(prod, staging);
    const config = join(tmp, 'profiles', 'config.json');
    // From source: a dist/cli left by an older build would not know --profile.
    const env = { HOMEROUNDS_CONFIG: config, VAPI_API_KEY: '', HOMEROUNDS_PROFILE: '', HOMEROUNDS_FROM_SOURCE: '1' };

    const first = await runHomerounds(['login', '--base-url', prod.url], { env, input: 'sk-prod\n' });
    expect(first.code).toBe(0);
    const second = await runHomerounds(['login', '--profile', 'staging', '--base-url', staging.url], {
      env,
      input: 'sk-staging\n',
    });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('as profile "staging"');
    expect(second.stderr).toContain('Staging org');
    expect(mode(config)).toBe(0o600);
    const saved = JSON.parse(readFileSync(config, 'utf8'));
    expect(saved).toMatchObject({
      apiKey: 'sk-prod',
      baseUrl: prod.url,
      profiles: { staging: { apiKey: 'sk-staging', baseUrl: staging.url } },
    });
    // Each login verified its key with its own platform only.
    expect(prod.keys).toEqual(['sk-prod']);
    expect(staging.keys).toEqual(['sk-staging']);

    expect((await run(['assistant', 'list', '--profile', 'staging'], env)).code).toBe(0);
    expect((await run(['assistant', 'list'], { ...env, HOMEROUNDS_PROFILE: 'staging' })).code).toBe(0);
    expect((await run(['assistant', 'list'], env)).code).toBe(0);
    expect(staging.keys.slice(1)).toEqual(['sk-staging', 'sk-staging']);
    expect(prod.keys.slice(1)).toEqual(['sk-prod']);

    const who = await run(['whoami', '--json', '--profile', 'staging'], env);
    expect(JSON.parse(who.stdout)).toMatchObject({
      keySource: 'config',
      profile: 'staging',
      profileSource: 'flag',
      baseUrl: staging.url,
      baseUrlSource: 'config',
      org: { name: 'Staging org' },
    });
    const human = await run(['whoami', '--profile', 'staging'], env);
    expect(human.stdout).toContain(`key:      from profile "staging" in the config file ${config}`);
    expect(human.stdout).toContain('profile:  staging (chosen by --profile)');
    expect(human.stdout + human.stderr).not.toContain('sk-staging');

    const list = await run(['profiles', 'list'], { ...env, HOMEROUNDS_PROFILE: 'staging' });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^\s+default\s+http/m);
    expect(list.stdout).toMatch(/^\*\s+staging\s+http/m);
    expect(list.stdout).not.toContain('sk-');
    const listJson = await run(['profiles', 'list', '--json'], env);
    expect(JSON.parse(listJson.stdout).profiles).toEqual([
      { name: 'default', baseUrl: prod.url, savedAt: expect.any(String), active: true },
      { name: 'staging', baseUrl: staging.url, savedAt: expect.any(String), active: false },
    ]);

    const unknown = await run(['assistant', 'list', '--profile', 'qa'], env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('no profile "qa"');
    expect(unknown.stderr).toContain('saved profiles: default, staging');

    const out = await run(['logout', '--profile', 'staging'], env);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('removed profile "staging"');
    expect(mode(config)).toBe(0o600);
    expect(JSON.parse(readFileSync(config, 'utf8')).profiles).toBeUndefined();
    expect((await run(['logout', '--profile', 'staging'], env)).code).toBe(4);
    expect((await run(['logout'], env)).code).toBe(0);
    expect(() => statSync(config)).toThrow();
  });
});

describe('one source for the key and the URL', () => {
  it('after login --base-url <test server>, VAPI_API_KEY=<prod> and a saved key meet only their own URLs', async () => {
    const test = await platform('Test server');
    const other = await platform('Other');
    stubs.push(test, other);
    const config = join(tmp, 'mixed.json');
    await writeConfig(config, { apiKey: 'sk-test', baseUrl: test.url });
    const env = { HOMEROUNDS_CONFIG: config };

    // The production key given with an explicit URL goes there, never to the saved test server.
    const explicit = await run(['assistant', 'list', '--base-url', other.url], { ...env, VAPI_API_KEY: 'sk-prod' });
    expect(explicit.code).toBe(0);
    expect(other.keys).toEqual(['sk-prod']);
    const whoEnv = await run(['whoami', '--json'], { ...env, VAPI_API_KEY: 'sk-prod', VAPI_BASE_URL: other.url });
    expect(JSON.parse(whoEnv.stdout)).toMatchObject({ keySource: 'env', baseUrlSource: 'env', baseUrl: other.url });

    // The saved test key is not sent to a URL given for this run, from the environment or a flag.
    for (const [args, extra] of [
      [['assistant', 'list'], { VAPI_BASE_URL: other.url }],
      [['assistant', 'list', '--base-url', other.url], {}],
    ] as const) {
      const refused = await run([...args], { ...env, ...extra });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(`saved for ${test.url}`);
      expect(refused.stderr).not.toContain('sk-test');
    }
    expect(other.keys).toEqual(['sk-prod', 'sk-prod']);
    expect(test.keys).toEqual([]);
  });

  it('--region beside --local or --base-url, and --profile beside --api-key, are usage errors before anything is sent', async () => {
    const env = { HOMEROUNDS_CONFIG: join(tmp, 'none.json'), VAPI_API_KEY: 'k' };
    for (const args of [
      ['assistant', 'list', '--local', '--region', 'eu'],
      ['assistant', 'list', '--base-url', 'http://127.0.0.1:9', '--region', 'eu'],
      ['whoami', '--profile', 'x', '--api-key', 'k'],
    ]) {
      const result = await run(args, env);
      expect(result.code, args.join(' ')).toBe(2);
    }
  });

  it('an explicit --local-url beats HOMEROUNDS_LOCAL_URL', async () => {
    // Both URLs point at closed ports: the error names the URL that was used.
    const result = await run(['local', 'status', '--local-url', 'http://127.0.0.1:9/'], {
      HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:7',
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('http://127.0.0.1:9');
    expect(result.stderr).not.toContain('http://127.0.0.1:7');
  });
});
