// The API key and the base URL come from one source (flag pair, environment pair, profile) unless both are given
// for this run: a key saved with one URL is never sent to another, and a key from VAPI_API_KEY never goes to the
// URL saved by `homerounds login`. A flag beats the environment for every setting; flags naming two sources for one
// setting are usage errors. Profiles: one saved key and URL per org or region.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConnection, writeConfig } from '../../../cli/config/credentials.ts';
import { resolveLocalUrl } from '../../../cli/config/local-url.ts';
import {
  checkProfileName,
  isEmptyConfig,
  listProfiles,
  withoutProfile,
  withProfile,
} from '../../../cli/config/profiles.ts';
import { CliError, EXIT } from '../../../cli/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'homerounds-sources-'));
const LOCAL_TEST_URL = 'http://127.0.0.1:18802';

async function failure(run: () => Promise<unknown>): Promise<CliError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

/** A config file as `homerounds login --base-url http://127.0.0.1:18802` leaves it, plus an "eu" profile. */
async function savedConfig(name: string): Promise<string> {
  const path = join(dir, `${name}.json`);
  await writeConfig(path, {
    apiKey: 'sk-saved-local',
    baseUrl: LOCAL_TEST_URL,
    profiles: { eu: { apiKey: 'sk-saved-eu', baseUrl: 'https://api.eu.vapi.ai' } },
  });
  return path;
}

describe('the key and the base URL come from one source', () => {
  it('VAPI_API_KEY is not sent to the URL saved by login: it goes to the default URL, with a note', async () => {
    const path = await savedConfig('mixed-env');
    const connection = await resolveConnection({}, { HOMEROUNDS_CONFIG: path, VAPI_API_KEY: 'sk-prod' });
    expect(connection).toMatchObject({
      apiKey: 'sk-prod',
      keySource: 'env',
      baseUrl: 'https://api.vapi.ai',
      baseUrlSource: 'default',
    });
    expect(connection.notes?.join('\n')).toContain(`not to ${LOCAL_TEST_URL} saved by homerounds login`);
  });

  it('--api-key alone is not sent to the saved URL either', async () => {
    const path = await savedConfig('mixed-flag');
    const connection = await resolveConnection({ apiKey: 'sk-flag' }, { HOMEROUNDS_CONFIG: path });
    expect([connection.baseUrl, connection.baseUrlSource]).toEqual(['https://api.vapi.ai', 'default']);
  });

  it('a key and a URL both given for this run go together (flag and environment, either way round)', async () => {
    const path = await savedConfig('explicit');
    const env = { HOMEROUNDS_CONFIG: path, VAPI_API_KEY: 'sk-env', VAPI_BASE_URL: 'http://127.0.0.1:1/' };
    expect(await resolveConnection({}, env)).toMatchObject({ apiKey: 'sk-env', baseUrl: 'http://127.0.0.1:1' });
    expect(await resolveConnection({ baseUrl: 'http://127.0.0.1:2' }, env)).toMatchObject({
      apiKey: 'sk-env',
      baseUrl: 'http://127.0.0.1:2',
      baseUrlSource: 'flag',
    });
    expect(await resolveConnection({ apiKey: 'sk-flag', region: 'eu' }, env)).toMatchObject({
      apiKey: 'sk-flag',
      baseUrl: 'https://api.eu.vapi.ai',
      baseUrlSource: 'region',
    });
  });

  it('the saved key is never sent to another URL given for this run (exit 3, saying what to do)', async () => {
    const path = await savedConfig('saved-elsewhere');
    for (const [flags, env, setting] of [
      [{ baseUrl: 'https://api.vapi.ai' }, {}, '--base-url'],
      [{}, { VAPI_BASE_URL: 'https://api.vapi.ai' }, 'VAPI_BASE_URL'],
      [{ region: 'eu' }, {}, '--region eu'],
    ] as const) {
      const error = await failure(() => resolveConnection(flags, { HOMEROUNDS_CONFIG: path, ...env }));
      expect(error.exitCode).toBe(EXIT.auth);
      expect(error.message).toContain(`${setting} points at`);
      expect(error.message).toContain(`saved for ${LOCAL_TEST_URL}`);
      expect(error.message).toContain('pass --api-key');
      expect(error.message).not.toContain('sk-saved');
    }
    // The same URL as the saved one is no mix.
    const same = await resolveConnection({ baseUrl: `${LOCAL_TEST_URL}/` }, { HOMEROUNDS_CONFIG: path });
    expect([same.apiKey, same.baseUrl]).toEqual(['sk-saved-local', LOCAL_TEST_URL]);
  });

  it('without anything given, the default profile brings its key and its URL', async () => {
    const path = await savedConfig('default');
    expect(await resolveConnection({}, { HOMEROUNDS_CONFIG: path })).toMatchObject({
      apiKey: 'sk-saved-local',
      keySource: 'config',
      baseUrl: LOCAL_TEST_URL,
      baseUrlSource: 'config',
      profile: 'default',
      profileSource: 'default',
    });
  });
});

describe('profiles', () => {
  it('--profile and HOMEROUNDS_PROFILE choose a saved key with its URL; the flag beats the environment', async () => {
    const path = await savedConfig('profiles');
    const env = { HOMEROUNDS_CONFIG: path };
    expect(await resolveConnection({ profile: 'eu' }, env)).toMatchObject({
      apiKey: 'sk-saved-eu',
      baseUrl: 'https://api.eu.vapi.ai',
      profile: 'eu',
      profileSource: 'flag',
    });
    expect(await resolveConnection({}, { ...env, HOMEROUNDS_PROFILE: 'eu' })).toMatchObject({
      apiKey: 'sk-saved-eu',
      profileSource: 'env',
    });
    expect(await resolveConnection({ profile: 'default' }, { ...env, HOMEROUNDS_PROFILE: 'eu' })).toMatchObject({
      apiKey: 'sk-saved-local',
      profileSource: 'flag',
    });
    // --profile beats VAPI_API_KEY and VAPI_BASE_URL (flags beat the environment); VAPI_API_KEY beats HOMEROUNDS_PROFILE.
    const flagged = await resolveConnection(
      { profile: 'eu' },
      { ...env, VAPI_API_KEY: 'sk-env', VAPI_BASE_URL: 'http://127.0.0.1:3' },
    );
    expect([flagged.apiKey, flagged.baseUrl]).toEqual(['sk-saved-eu', 'https://api.eu.vapi.ai']);
    expect(flagged.notes?.join()).toContain('VAPI_BASE_URL is ignored');
    expect((await resolveConnection({}, { ...env, VAPI_API_KEY: 'sk-env', HOMEROUNDS_PROFILE: 'eu' })).apiKey).toBe(
      'sk-env',
    );
  });

  it('an unknown profile exits 3 naming the saved ones; a bad name is a usage error', async () => {
    const path = await savedConfig('unknown');
    const missing = await failure(() => resolveConnection({ profile: 'staging' }, { HOMEROUNDS_CONFIG: path }));
    expect(missing.exitCode).toBe(EXIT.auth);
    expect(missing.message).toContain('no profile "staging"');
    expect(missing.message).toContain('saved profiles: default, eu');
    expect(missing.message).toContain('homerounds login --profile staging');
    const fromEnv = await failure(() => resolveConnection({}, { HOMEROUNDS_CONFIG: path, HOMEROUNDS_PROFILE: 'qa' }));
    expect(fromEnv.message).toContain('HOMEROUNDS_PROFILE=qa');
    const bad = await failure(() => resolveConnection({ profile: '../x' }, { HOMEROUNDS_CONFIG: path }));
    expect(bad.exitCode).toBe(EXIT.usage);
  });

  it('saving, listing and removing profiles keeps the others; the default one is the top level', () => {
    let config = withProfile(undefined, 'default', { apiKey: 'a', baseUrl: 'http://x' });
    config = withProfile(config, 'eu', { apiKey: 'b' });
    config = withProfile(config, 'default', { apiKey: 'c' });
    expect(config).toMatchObject({ apiKey: 'c', profiles: { eu: { apiKey: 'b' } } });
    expect(config.baseUrl).toBeUndefined();
    expect(listProfiles(config)).toEqual([
      { name: 'default', baseUrl: null, savedAt: null },
      { name: 'eu', baseUrl: null, savedAt: null },
    ]);
    const { config: left, removed } = withoutProfile(config, 'eu');
    expect(removed).toBe(true);
    expect(listProfiles(left).map((p) => p.name)).toEqual(['default']);
    expect(withoutProfile(left, 'eu').removed).toBe(false);
    expect(isEmptyConfig(withoutProfile(left, 'default').config)).toBe(true);
    expect(() => checkProfileName('has space', '--profile')).toThrow(/--profile must be a profile name/);
  });
});

describe('flags that name two sources for one setting', () => {
  it.each([
    [{ region: 'eu', local: true }, '--region and --local'],
    [{ region: 'eu', baseUrl: 'http://127.0.0.1:1' }, '--region and --base-url'],
    [{ profile: 'eu', local: true }, '--profile and --local'],
    [{ profile: 'eu', apiKey: 'k' }, '--profile and --api-key'],
  ])('%j is a usage error', async (flags, message) => {
    const error = await failure(() => resolveConnection(flags, { HOMEROUNDS_CONFIG: join(dir, 'none.json') }));
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toContain(message);
  });

  it("--local: --base-url beats HOMEROUNDS_LOCAL_URL; --local-url beats it too; the key is the running platform's", async () => {
    const env = { HOMEROUNDS_CONFIG: join(dir, 'none.json'), HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9999' };
    const asked: string[] = [];
    const platform = async (origin: string) => {
      asked.push(origin);
      return { voicePrivateKey: `key-of-${origin}`, adminSecret: 'admin', toolsSecret: 'tools' };
    };
    expect(await resolveConnection({ local: true, baseUrl: 'http://127.0.0.1:7777' }, env, platform)).toMatchObject({
      apiKey: 'key-of-http://127.0.0.1:7777',
      keySource: 'local',
      baseUrl: 'http://127.0.0.1:7777',
      baseUrlSource: 'flag',
    });
    expect(await resolveConnection({ local: true }, env, platform)).toMatchObject({
      apiKey: 'key-of-http://127.0.0.1:9999',
      baseUrl: 'http://127.0.0.1:9999',
    });
    // A key given with --local is used as given: nothing is asked of the platform.
    expect(await resolveConnection({ local: true, apiKey: 'mine' }, env, platform)).toMatchObject({ apiKey: 'mine' });
    expect(asked).toEqual(['http://127.0.0.1:7777', 'http://127.0.0.1:9999']);
    expect(resolveLocalUrl('http://127.0.0.1:7777/', env)).toBe('http://127.0.0.1:7777');
    expect(resolveLocalUrl(undefined, env)).toBe('http://127.0.0.1:9999');
    expect(resolveLocalUrl(undefined, {})).toBe('http://127.0.0.1:8787');
  });
});
