// Where the API key and base URL come from. They come as a pair from ONE source, so a key is never sent to a URL
// that was set for another key:
//   --api-key  (with --base-url / --region, else VAPI_BASE_URL, else the default)
//   --profile  (the key and the URL saved by `homerounds login --profile`)
//   VAPI_API_KEY  (with --base-url / --region, else VAPI_BASE_URL, else the default; never the saved URL)
//   HOMEROUNDS_PROFILE, else the default profile (the config file written by `homerounds login`)
// A saved key goes only to the URL saved with it: an explicit URL that differs is refused (exit 3). A flag beats
// the environment for every setting; `--region` beside `--local` or `--base-url` is a usage error. `--local`
// targets the local platform with its private key. `whoami` reports the sources; keys are never printed.
// Keys are trimmed whatever their source (a trailing newline from `echo` or a copied line is common); a key with
// whitespace or a control character inside stops the run naming its source, before anything is sent.
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT, usageError } from '../errors.ts';
import { isControl } from '../output/escape.ts';
import { type LocalCredentialsSource, localCredentials } from './local-credentials.ts';
import { resolveLocalUrl } from './local-url.ts';
import { type ConfigFile, checkProfileName, DEFAULT_PROFILE, getProfile, listProfiles } from './profiles.ts';

export type { ConfigFile } from './profiles.ts';

export const DEFAULT_BASE_URL = 'https://api.vapi.ai';
export const REGION_BASE_URLS: Record<string, string> = { us: DEFAULT_BASE_URL, eu: 'https://api.eu.vapi.ai' };
export { DEFAULT_LOCAL_URL } from './local-url.ts';

export type KeySource = 'flag' | 'env' | 'config' | 'local';

export interface ConnectionFlags {
  apiKey?: string;
  baseUrl?: string;
  region?: string;
  local?: boolean;
  profile?: string;
}

export interface Connection {
  apiKey: string;
  keySource: KeySource;
  baseUrl: string;
  baseUrlSource: 'flag' | 'env' | 'config' | 'region' | 'local' | 'default';
  configPath: string;
  /** The saved profile the key came from (keySource 'config'), and what chose it. */
  profile?: string;
  profileSource?: 'flag' | 'env' | 'default';
  /** Things the user should know about the choice (stderr), e.g. a saved URL that was not used. */
  notes?: string[];
}

export function configPath(env: Record<string, string | undefined>): string {
  if (env.HOMEROUNDS_CONFIG) return env.HOMEROUNDS_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'homerounds', 'config.json');
}

/** Reads the config file; refuses one that group or others can read. Undefined if there is none. */
export async function readConfig(
  path: string,
  options: { allowOpenMode?: boolean } = {},
): Promise<ConfigFile | undefined> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch {
    return undefined;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0 && !options.allowOpenMode) {
    throw new CliError(
      `${path} is readable by other users (mode ${(mode & 0o777).toString(8)}); run: chmod 600 ${path}`,
      EXIT.auth,
    );
  }
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as ConfigFile;
  } catch {
    throw new CliError(`${path} is not valid JSON; fix it or remove it, then run homerounds login again`, EXIT.usage);
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

/** How a profile is named for people: `config file <path>` for the default one, `profile "x" in …` otherwise. */
function describeProfile(path: string, profile: string | undefined): string {
  return profile && profile !== DEFAULT_PROFILE
    ? `profile "${profile}" in the config file ${path}`
    : `config file ${path}`;
}

/** Where a key came from, for people: "the VAPI_API_KEY environment variable", "config file <path>". */
export function describeKeySource(source: KeySource, path: string, profile?: string): string {
  if (source === 'flag') return '--api-key flag';
  if (source === 'env') return 'VAPI_API_KEY environment variable';
  if (source === 'config') return describeProfile(path, profile);
  return 'local platform private key (--local)';
}

/** The `homerounds login` that replaces a profile's key. */
function loginCommand(profile: string | undefined): string {
  return profile && profile !== DEFAULT_PROFILE ? `homerounds login --profile ${profile}` : 'homerounds login';
}

/** What to do when the platform rejects the key (401/403), by where the key came from. Never the key. */
export function authHint(
  connection: Pick<Connection, 'keySource' | 'baseUrl' | 'configPath'> & { profile?: string },
): string {
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
      return `the key came from the ${describeProfile(connection.configPath, connection.profile)} (${sent}); run ${loginCommand(connection.profile)} again`;
    default:
      return (
        `the key is the local platform's private key (--local, ${sent}); is that the local platform? ` +
        'Set HOMEROUNDS_LOCAL_URL to the URL npm start prints'
      );
  }
}

/** What to check when the base URL cannot be reached, by which setting chose it. */
export function unreachableHint(
  connection: Pick<Connection, 'baseUrlSource' | 'configPath'> & { profile?: string },
): string {
  switch (connection.baseUrlSource) {
    case 'local':
      return (
        'is the local platform running? Start it with npm start; if it runs on another host or port, ' +
        'set HOMEROUNDS_LOCAL_URL to the URL it prints'
      );
    case 'flag':
      return 'check --base-url';
    case 'region':
      return 'check --region and your network';
    case 'env':
      return 'check the VAPI_BASE_URL environment variable';
    case 'config':
      return `check the base URL saved in the ${describeProfile(connection.configPath, connection.profile)} (${loginCommand(connection.profile)} --base-url <url> replaces it)`;
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

/** A URL without its trailing slashes; a usage error (naming the setting) when it is not a URL. */
export function checkBaseUrl(value: string, setting: string): string {
  const url = value.trim().replace(/\/+$/, '');
  try {
    new URL(url);
  } catch {
    throw usageError(`${setting} is not a URL: "${value}"`);
  }
  return url;
}

/** `--region` → its base URL (usage error for an unknown region). */
export function regionUrl(region: string): string {
  const url = REGION_BASE_URLS[region];
  if (!url) throw usageError(`--region must be one of ${Object.keys(REGION_BASE_URLS).join(', ')} (got "${region}")`);
  return url;
}

interface ExplicitUrl {
  url: string;
  source: 'flag' | 'region' | 'env';
  /** How the setting is named in messages. */
  setting: string;
}

/** The base URL given for this run: --base-url, --region (flags), else VAPI_BASE_URL. */
function explicitUrl(flags: ConnectionFlags, env: Record<string, string | undefined>): ExplicitUrl | undefined {
  if (flags.baseUrl?.trim())
    return { url: checkBaseUrl(flags.baseUrl, '--base-url'), source: 'flag', setting: '--base-url' };
  if (flags.region) return { url: regionUrl(flags.region), source: 'region', setting: `--region ${flags.region}` };
  if (env.VAPI_BASE_URL?.trim()) {
    return { url: checkBaseUrl(env.VAPI_BASE_URL, 'VAPI_BASE_URL'), source: 'env', setting: 'VAPI_BASE_URL' };
  }
  return undefined;
}

/** Flags that name two sources for one setting: refused before anything is read. */
function checkFlagConflicts(flags: ConnectionFlags): void {
  if (flags.region !== undefined && flags.local) {
    throw usageError('--region and --local both choose where requests go: give one (--local is the local platform)');
  }
  if (flags.region !== undefined && flags.baseUrl !== undefined) {
    throw usageError('--region and --base-url both choose where requests go: give one');
  }
  if (flags.profile !== undefined && flags.local) {
    throw usageError('--profile and --local both choose the credentials: give one');
  }
  if (flags.profile !== undefined && flags.apiKey !== undefined) {
    throw usageError('--profile and --api-key both choose the API key: give one');
  }
  if (flags.region !== undefined) regionUrl(flags.region);
}

export async function resolveConnection(
  flags: ConnectionFlags,
  env: Record<string, string | undefined>,
  local: LocalCredentialsSource = localCredentials,
): Promise<Connection> {
  const path = configPath(env);
  checkFlagConflicts(flags);
  // An explicit but empty --api-key (e.g. `--api-key "$UNSET"`) is a mistake, not a request for another source.
  if (flags.apiKey !== undefined && !flags.apiKey.trim()) throw new CliError('--api-key is empty', EXIT.auth);
  const flagKey = cleanKey(flags.apiKey, 'the --api-key flag');
  if (flags.local) {
    const flagUrl = flags.baseUrl?.trim() ? checkBaseUrl(flags.baseUrl, '--base-url') : undefined;
    const baseUrl = flagUrl ?? checkBaseUrl(resolveLocalUrl(undefined, env), 'HOMEROUNDS_LOCAL_URL');
    return {
      // The platform's private key comes from the running platform (never compiled into the CLI).
      apiKey: flagKey ?? (await local(baseUrl)).voicePrivateKey,
      keySource: flagKey ? 'flag' : 'local',
      baseUrl,
      baseUrlSource: flagUrl ? 'flag' : 'local',
      configPath: path,
    };
  }
  const profileFlag = flags.profile !== undefined ? checkProfileName(flags.profile, '--profile') : undefined;
  // The environment's URL never overrides a flag-chosen profile (a flag beats the environment).
  const given = explicitUrl(profileFlag ? { ...flags } : flags, profileFlag ? {} : env);

  if (flagKey) return withExplicitKey(flagKey, 'flag', given, path);
  if (profileFlag) {
    const connection = await fromProfile(profileFlag, 'flag', given, path);
    if (env.VAPI_BASE_URL?.trim() && !given) {
      connection.notes = [`note: VAPI_BASE_URL is ignored: --profile ${profileFlag} brings its own base URL`];
    }
    return connection;
  }
  const envKey = cleanKey(env.VAPI_API_KEY, 'the VAPI_API_KEY environment variable');
  if (envKey) {
    const connection = withExplicitKey(envKey, 'env', given, path);
    if (!given) connection.notes = await savedUrlNotUsed(path, env);
    return connection;
  }
  const envProfile = env.HOMEROUNDS_PROFILE?.trim()
    ? checkProfileName(env.HOMEROUNDS_PROFILE, 'HOMEROUNDS_PROFILE')
    : undefined;
  return fromProfile(envProfile ?? DEFAULT_PROFILE, envProfile ? 'env' : 'default', given, path);
}

/** A key given for this run (flag or environment) goes to the URL given for this run, else the default. */
function withExplicitKey(
  apiKey: string,
  keySource: 'flag' | 'env',
  given: ExplicitUrl | undefined,
  path: string,
): Connection {
  return {
    apiKey,
    keySource,
    baseUrl: given?.url ?? DEFAULT_BASE_URL,
    baseUrlSource: given?.source ?? 'default',
    configPath: path,
  };
}

/** When VAPI_API_KEY goes to the default URL while a URL is saved: say why the saved one is not used. */
async function savedUrlNotUsed(path: string, env: Record<string, string | undefined>): Promise<string[]> {
  const config = await readConfig(path, { allowOpenMode: true }).catch(() => undefined);
  const name = env.HOMEROUNDS_PROFILE?.trim() || DEFAULT_PROFILE;
  const saved = getProfile(config, name)?.baseUrl;
  if (typeof saved !== 'string' || !saved.trim() || saved.trim().replace(/\/+$/, '') === DEFAULT_BASE_URL) return [];
  return [
    `note: the key from VAPI_API_KEY goes to ${DEFAULT_BASE_URL}, not to ${saved.trim()} saved by homerounds login ` +
      '(a saved URL goes only with the key saved with it); set VAPI_BASE_URL or pass --base-url to send it elsewhere',
  ];
}

async function fromProfile(
  name: string,
  selectedBy: 'flag' | 'env' | 'default',
  given: ExplicitUrl | undefined,
  path: string,
): Promise<Connection> {
  const config = await readConfig(path);
  const saved = getProfile(config, name);
  if (!saved) {
    if (selectedBy === 'default') {
      throw new CliError(
        'no API key: pass --api-key, set VAPI_API_KEY, run homerounds login, or use --local for the local platform',
        EXIT.auth,
      );
    }
    const names = listProfiles(config).map((p) => p.name);
    const chosen = selectedBy === 'flag' ? `--profile ${name}` : `HOMEROUNDS_PROFILE=${name}`;
    throw new CliError(
      `no profile "${name}" in ${path} (${chosen}); ${
        names.length ? `saved profiles: ${names.join(', ')}` : 'no profile is saved'
      }; run homerounds login --profile ${name}`,
      EXIT.auth,
    );
  }
  const where = describeProfile(path, name);
  const apiKey = cleanKey(String(saved.apiKey), `the ${where}`);
  if (!apiKey) throw new CliError(`the ${where} has an empty API key; run ${loginCommand(name)} again`, EXIT.auth);
  const savedUrl =
    typeof saved.baseUrl === 'string' && saved.baseUrl.trim()
      ? checkBaseUrl(saved.baseUrl, `the base URL saved in the ${where}`)
      : undefined;
  const url = savedUrl ?? DEFAULT_BASE_URL;
  // A saved key is sent only where it was saved for: a URL given for this run must be that one.
  if (given && given.url !== url) {
    throw new CliError(
      `${given.setting} points at ${given.url}, but the API key comes from the ${where}, saved for ${url}, and ` +
        `is only sent there: pass --api-key (or set VAPI_API_KEY) with ${given.setting}, save a key for it ` +
        `(homerounds login --profile <name> --base-url ${given.url}), or drop ${given.setting}`,
      EXIT.auth,
    );
  }
  return {
    apiKey,
    keySource: 'config',
    baseUrl: url,
    baseUrlSource: savedUrl ? 'config' : 'default',
    configPath: path,
    profile: name,
    profileSource: selectedBy,
  };
}
