// Keys are trimmed whatever their source (flag, VAPI_API_KEY, the config file); a key with whitespace or a control
// character inside stops the run (exit 3) naming its source and never showing the key. Rejections and unreachable
// servers say where the key and the URL came from.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  authHint,
  cleanKey,
  resolveConnection,
  unreachableHint,
  writeConfig,
} from '../../../cli/config/credentials.ts';
import { CliError, EXIT } from '../../../cli/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'homerounds-keys-'));
const none = join(dir, 'none.json');

async function failure(run: () => Promise<unknown>): Promise<CliError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('cleanKey', () => {
  it('trims surrounding whitespace and newlines; nothing left is no key', () => {
    expect(cleanKey('  sk-abc\n', 'x')).toBe('sk-abc');
    expect(cleanKey('sk-abc\r\n', 'x')).toBe('sk-abc');
    expect(cleanKey(' \n ', 'x')).toBeUndefined();
    expect(cleanKey(undefined, 'x')).toBeUndefined();
  });

  it.each([
    ['sk-a b', 'a space'],
    ['sk-a\nb', 'a line break'],
    ['sk-a\tb', 'a tab'],
    ['sk-a\u001bb', 'a control character (U+001B)'],
    ['sk-a\u00a0b', 'a whitespace character (U+00A0)'],
  ])('refuses %j inside a key, naming the source and the character, not the key', (key, what) => {
    let error: unknown;
    try {
      cleanKey(key, 'the VAPI_API_KEY environment variable');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.auth);
    expect((error as CliError).message).toContain(`the API key from the VAPI_API_KEY environment variable has ${what}`);
    expect((error as CliError).message).not.toContain('sk-a');
  });
});

describe('resolveConnection trims keys from every source', () => {
  it('flag, environment and config file', async () => {
    const flag = await resolveConnection({ apiKey: ' sk-flag \n' }, { HOMEROUNDS_CONFIG: none });
    expect([flag.apiKey, flag.keySource]).toEqual(['sk-flag', 'flag']);
    const env = await resolveConnection({}, { VAPI_API_KEY: 'sk-env\n', HOMEROUNDS_CONFIG: none });
    expect([env.apiKey, env.keySource]).toEqual(['sk-env', 'env']);
    const path = join(dir, 'config.json');
    await writeConfig(path, { apiKey: '\tsk-config  \n', baseUrl: ' http://127.0.0.1:1/ \n' });
    const config = await resolveConnection({}, { HOMEROUNDS_CONFIG: path });
    expect([config.apiKey, config.keySource, config.baseUrl]).toEqual(['sk-config', 'config', 'http://127.0.0.1:1']);
    const local = await resolveConnection({ local: true, apiKey: 'sk-l\n' }, { HOMEROUNDS_CONFIG: none });
    expect(local.apiKey).toBe('sk-l');
  });

  it('a whitespace-only VAPI_API_KEY counts as unset; an empty --api-key is an error', async () => {
    const error = await failure(() => resolveConnection({}, { VAPI_API_KEY: ' \n', HOMEROUNDS_CONFIG: none }));
    expect(error.message).toContain('no API key');
    const empty = await failure(() => resolveConnection({ apiKey: ' ' }, { VAPI_API_KEY: 'sk-env' }));
    expect(empty.exitCode).toBe(EXIT.auth);
    expect(empty.message).toBe('--api-key is empty');
  });

  it('names the config file when its key is broken', async () => {
    const path = join(dir, 'broken.json');
    await writeConfig(path, { apiKey: 'sk-one two' });
    const error = await failure(() => resolveConnection({}, { HOMEROUNDS_CONFIG: path }));
    expect(error.exitCode).toBe(EXIT.auth);
    expect(error.message).toContain(`the API key from the config file ${path} has a space inside`);
  });
});

describe('hints', () => {
  const base = { baseUrl: 'https://api.vapi.ai', configPath: '~/.config/homerounds/config.json' };
  it('a rejected key says where it came from and what to do', () => {
    expect(authHint({ ...base, keySource: 'env' })).toMatch(/VAPI_API_KEY environment variable .*fix or unset it/);
    expect(authHint({ ...base, keySource: 'flag' })).toContain('--api-key flag');
    expect(authHint({ ...base, keySource: 'config' })).toContain(`config file ${base.configPath}`);
    expect(authHint({ ...base, keySource: 'config' })).toContain('homerounds login');
    expect(authHint({ ...base, keySource: 'local' })).toContain('HOMEROUNDS_LOCAL_URL');
  });

  it('an unreachable local platform points at HOMEROUNDS_LOCAL_URL, not VAPI_BASE_URL', () => {
    const local = unreachableHint({ baseUrlSource: 'local', configPath: '' });
    expect(local).toContain('HOMEROUNDS_LOCAL_URL');
    expect(local).toContain('npm start');
    expect(local).not.toContain('VAPI_BASE_URL');
    expect(unreachableHint({ baseUrlSource: 'env', configPath: '' })).toContain('VAPI_BASE_URL');
    expect(unreachableHint({ baseUrlSource: 'config', configPath: '/c.json' })).toContain('/c.json');
  });
});
