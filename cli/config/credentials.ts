// Where the API key and base URL come from, in order: --api-key, VAPI_API_KEY, the config file written by
// `homerounds login` ($HOMEROUNDS_CONFIG or ~/.config/homerounds/config.json, mode 0600). `--local`
// targets the local platform with its private key. `whoami` reports the source; keys are never printed.
// Keys are trimmed whatever their source (a trailing newline from `echo` or a copied line is common); a key with
// whitespace or a control character inside stops the run naming its source, before anything is sent.
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { isControl } from '../output/escape.ts';

export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
export const REGION_BASE_URLS: Record<string, string> = { us: DEFAULT_BASE_URL, eu: 'https://api.eu.vapi.ai' };
export const DEFAULT_LOCAL_URL = 'http://127.0.0.1:8787';

export type KeySource = 'flag' | 'env' | 'config' | 'local';

export interface ConnectionFlags {
  apiKey?: string;
  baseUrl?: string;
  region?: string;
  local?: boolean;
}

export interface Connection {
  apiKey: string;
  keySource: KeySource;
  baseUrl: string;
  baseUrlSource: 'flag' | 'env' | 'config' | 'region' | 'local' | 'default';
  configPath: string;
}

export interface ConfigFile {
  apiKey?: string;
  baseUrl?: string;
  savedAt?: string;
}

export function configPath(env: Record<string, string | undefined>): string {
  if (env.HOMEROUNDS_CONFIG) return env.HOMEROUNDS_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'homerounds', 'config.json');
}

/** Reads the config file; refuses one that group or others can read. Undefined if there is none. */
export async function readConfig(path: string): Promise<ConfigFile | undefined> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch {
    return undefined;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new CliError(
      `${path} is readable by other users (mode ${(mode & 0o777).toString(8)}); run: chmod 600 ${path}`,
      EXIT.auth,
    );
  }
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as ConfigFile;
  } catch {
    throw new CliError(`${path} is not valid JSON; run homerounds login again`, EXIT.usage);
  }
}

/** Writes the config file atomically with mode 0600 (directory 0700). */
export async function writeConfig(path: string, config: ConfigFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

/** Where a key came from, for people: "the VAPI_API_KEY environment variable", "config file <path>". */
export function describeKeySource(source: KeySource, path: string): string {
  if (source === 'flag') return '--api-key flag';
  if (source === 'env') return 'VAPI_API_KEY environment variable';
  if (source === 'config') return `config file ${path}`;
  return 'local platform private key (--local)';
}

/** What to do when the platform rejects the key (401/403), by where the key came from. Never the key. */
export function authHint(connection: Pick<Connection, 'keySource' | 'baseUrl' | 'configPath'>): string {
  const sent = `sent to ${connection.baseUrl}`;
  switch (connection.keySource) {
    case 'flag':
      return `the key came from the --api-key flag (${sent}); check it is this org's private key for this region`;
    case 'env':
      return (
        `the key came from the VAPI_API_KEY environment variable (${sent}); fix or unset it ` +
        '(unset, the key saved by homerounds login is used)'
      );
    case 'config':
      return `the key came from the config file ${connection.configPath} (${sent}); run homerounds login again`;
    default:
      return (
        `the key is the local platform's private key (--local, ${sent}); is that the local platform? ` +
        'Set HOMEROUNDS_LOCAL_URL to the URL npm start prints'
      );
  }
}

/** What to check when the base URL cannot be reached, by which setting chose it. */
export function unreachableHint(connection: Pick<Connection, 'baseUrlSource' | 'configPath'>): string {
  switch (connection.baseUrlSource) {
    case 'local':
      return (
        'is the local platform running? Start it with npm start; if it runs on another host or port, ' +
        'set HOMEROUNDS_LOCAL_URL to the URL it prints'
      );
    case 'flag':
      return 'check --base-url';
    case 'env':
      return 'check the VAPI_BASE_URL environment variable';
    case 'config':
      return `check the base URL saved in ${connection.configPath} (homerounds login --base-url <url> replaces it)`;
    default:
      return 'check your network, or --base-url / VAPI_BASE_URL (--local for the local platform)';
  }
}

function describeChar(ch: string): string {
  if (ch === ' ') return 'a space';
  if (ch === '\n') return 'a line break';
  if (ch === '\t') return 'a tab';
  const code = `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return /\s/.test(ch) ? `a whitespace character (${code})` : `a control character (${code})`;
}

/**
 * A key as given, trimmed; undefined when there is nothing left. A key with whitespace or a control
 * character inside is refused (exit 3) naming where it came from, never showing it.
 */
export function cleanKey(value: string | undefined, source: string): string | undefined {
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!key) return undefined;
  const at = [...key].findIndex((ch) => /\s/.test(ch) || isControl(ch.charCodeAt(0)));
  if (at >= 0) {
    throw new CliError(
      `the API key from ${source} has ${describeChar([...key][at] ?? '')} inside (character ${at + 1}); a key is one word: copy it again`,
      EXIT.auth,
    );
  }
  return key;
}

export async function resolveConnection(
  flags: ConnectionFlags,
  env: Record<string, string | undefined>,
): Promise<Connection> {
  const path = configPath(env);
  // An explicit but empty --api-key (e.g. `--api-key "$UNSET"`) is a mistake, not a request for another source.
  if (flags.apiKey !== undefined && !flags.apiKey.trim()) throw new CliError('--api-key is empty', EXIT.auth);
  const flagKey = cleanKey(flags.apiKey, 'the --api-key flag');
  if (flags.local) {
    const baseUrl = flags.baseUrl?.trim() || env.HOMEROUNDS_LOCAL_URL?.trim() || DEFAULT_LOCAL_URL;
    return {
      apiKey: flagKey ?? LOCAL_VOICE_PRIVATE_KEY,
      keySource: flagKey ? 'flag' : 'local',
      baseUrl: baseUrl.replace(/\/+$/, ''),
      baseUrlSource: flags.baseUrl ? 'flag' : 'local',
      configPath: path,
    };
  }
  const envKey = cleanKey(env.VAPI_API_KEY, 'the VAPI_API_KEY environment variable');
  let config: ConfigFile | undefined;
  const needConfig = !flagKey && !envKey;
  if (needConfig || (!flags.baseUrl && !flags.region && !env.VAPI_BASE_URL)) config = await readConfig(path);

  let apiKey: string | undefined;
  let keySource: KeySource = 'flag';
  if (flagKey) apiKey = flagKey;
  else if (envKey) {
    apiKey = envKey;
    keySource = 'env';
  } else if (config?.apiKey !== undefined && needConfig) {
    apiKey = cleanKey(String(config.apiKey), `the config file ${path}`);
    keySource = 'config';
  }
  if (!apiKey) {
    throw new CliError(
      'no API key: pass --api-key, set VAPI_API_KEY, run homerounds login, or use --local for the local platform',
      EXIT.auth,
    );
  }

  let baseUrl = DEFAULT_BASE_URL;
  let baseUrlSource: Connection['baseUrlSource'] = 'default';
  if (flags.baseUrl) {
    baseUrl = flags.baseUrl.trim();
    baseUrlSource = 'flag';
  } else if (flags.region) {
    const url = REGION_BASE_URLS[flags.region];
    if (!url)
      throw usageError(`--region must be one of ${Object.keys(REGION_BASE_URLS).join(', ')} (got "${flags.region}")`);
    baseUrl = url;
    baseUrlSource = 'region';
  } else if (env.VAPI_BASE_URL?.trim()) {
    baseUrl = env.VAPI_BASE_URL.trim();
    baseUrlSource = 'env';
  } else if (config?.baseUrl) {
    baseUrl = String(config.baseUrl).trim();
    baseUrlSource = 'config';
  }
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`base URL is not a URL: "${baseUrl}"`);
  }
  return { apiKey, keySource, baseUrl: baseUrl.replace(/\/+$/, ''), baseUrlSource, configPath: path };
}
