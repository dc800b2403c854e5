// Where the API key and base URL come from, in order: --api-key, VAPI_API_KEY, the config file written by
// `homerounds login` ($HOMEROUNDS_CONFIG or ~/.config/homerounds/config.json, mode 0600). `--local`
// targets the local platform with its private key. `whoami` reports the source; keys are never printed.
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { CliError, EXIT, usageError } from '../errors.ts';

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

export async function resolveConnection(
  flags: ConnectionFlags,
  env: Record<string, string | undefined>,
): Promise<Connection> {
  const path = configPath(env);
  if (flags.local) {
    return {
      apiKey: flags.apiKey ?? LOCAL_VOICE_PRIVATE_KEY,
      keySource: flags.apiKey ? 'flag' : 'local',
      baseUrl: flags.baseUrl ?? env.HOMEROUNDS_LOCAL_URL ?? DEFAULT_LOCAL_URL,
      baseUrlSource: flags.baseUrl ? 'flag' : 'local',
      configPath: path,
    };
  }
  let config: ConfigFile | undefined;
  const needConfig = !flags.apiKey && !env.VAPI_API_KEY;
  if (needConfig || (!flags.baseUrl && !flags.region && !env.VAPI_BASE_URL)) config = await readConfig(path);

  let apiKey: string | undefined;
  let keySource: KeySource = 'flag';
  if (flags.apiKey) apiKey = flags.apiKey;
  else if (env.VAPI_API_KEY) {
    apiKey = env.VAPI_API_KEY;
    keySource = 'env';
  } else if (config?.apiKey) {
    apiKey = config.apiKey;
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
    baseUrl = flags.baseUrl;
    baseUrlSource = 'flag';
  } else if (flags.region) {
    const url = REGION_BASE_URLS[flags.region];
    if (!url)
      throw usageError(`--region must be one of ${Object.keys(REGION_BASE_URLS).join(', ')} (got "${flags.region}")`);
    baseUrl = url;
    baseUrlSource = 'region';
  } else if (env.VAPI_BASE_URL) {
    baseUrl = env.VAPI_BASE_URL;
    baseUrlSource = 'env';
  } else if (config?.baseUrl) {
    baseUrl = config.baseUrl;
    baseUrlSource = 'config';
  }
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`base URL is not a URL: "${baseUrl}"`);
  }
  return { apiKey, keySource, baseUrl: baseUrl.replace(/\/+$/, ''), baseUrlSource, configPath: path };
}
