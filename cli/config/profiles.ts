// Named credentials in the config file, one per org or region: `homerounds login --profile eu-clinic`. The default
// profile lives at the top level of the file (`{apiKey, baseUrl, savedAt}`, the layout before profiles existed, so
// older files keep working); named ones under `profiles`. A key is saved with the base URL it belongs to and is
// only ever sent there. Pure: reading and writing the file is credentials.ts's job.
import { usageError } from '../errors.ts';

export const DEFAULT_PROFILE = 'default';

/** Letters, digits, `.`, `_`, `-`; starts with a letter or digit; at most 64 characters. */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface SavedCredentials {
  apiKey?: string;
  baseUrl?: string;
  savedAt?: string;
}

export interface ConfigFile extends SavedCredentials {
  profiles?: Record<string, SavedCredentials>;
}

export interface ProfileSummary {
  name: string;
  /** The saved base URL, or null when the key goes to the default https://api.vapi.ai. */
  baseUrl: string | null;
  savedAt: string | null;
}

/** A profile name as given (flag or HOMEROUNDS_PROFILE), checked; a bad name is a usage error naming its source. */
export function checkProfileName(name: string, source: string): string {
  const trimmed = name.trim();
  if (!PROFILE_NAME.test(trimmed)) {
    throw usageError(
      `${source} must be a profile name: letters, digits, ".", "_" or "-", at most 64 characters (got "${name}")`,
    );
  }
  return trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The saved credentials of a profile, or undefined when it has no key. */
export function getProfile(config: ConfigFile | undefined, name: string): SavedCredentials | undefined {
  if (!config) return undefined;
  const saved = name === DEFAULT_PROFILE ? config : config.profiles?.[name];
  if (!isRecord(saved) || saved.apiKey === undefined || saved.apiKey === null) return undefined;
  return saved;
}

/** The config with `name` set to `credentials` (other profiles untouched). */
export function withProfile(config: ConfigFile | undefined, name: string, credentials: SavedCredentials): ConfigFile {
  const base: ConfigFile = isRecord(config) ? { ...config } : {};
  if (name === DEFAULT_PROFILE) {
    delete base.apiKey;
    delete base.baseUrl;
    delete base.savedAt;
    return { ...credentials, ...base };
  }
  return { ...base, profiles: { ...(isRecord(base.profiles) ? base.profiles : {}), [name]: credentials } };
}

/** The config without profile `name`; `removed` says whether it had one. */
export function withoutProfile(config: ConfigFile | undefined, name: string): { config: ConfigFile; removed: boolean } {
  const base: ConfigFile = isRecord(config) ? { ...config } : {};
  const removed = getProfile(base, name) !== undefined;
  if (name === DEFAULT_PROFILE) {
    delete base.apiKey;
    delete base.baseUrl;
    delete base.savedAt;
  } else if (isRecord(base.profiles)) {
    const { [name]: _gone, ...rest } = base.profiles;
    base.profiles = rest;
    if (Object.keys(rest).length === 0) delete base.profiles;
  }
  return { config: base, removed };
}

/** True when nothing is saved any more (logout of the last profile removes the file). */
export function isEmptyConfig(config: ConfigFile): boolean {
  return getProfile(config, DEFAULT_PROFILE) === undefined && Object.keys(config.profiles ?? {}).length === 0;
}

/** Every profile with a key: the default first, then the others by name. Never the keys. */
export function listProfiles(config: ConfigFile | undefined): ProfileSummary[] {
  const names = [
    ...(getProfile(config, DEFAULT_PROFILE) ? [DEFAULT_PROFILE] : []),
    ...Object.keys(isRecord(config?.profiles) ? (config?.profiles ?? {}) : {})
      .filter((name) => name !== DEFAULT_PROFILE && getProfile(config, name))
      .sort(),
  ];
  return names.map((name) => {
    const saved = getProfile(config, name) ?? {};
    return {
      name,
      baseUrl: typeof saved.baseUrl === 'string' && saved.baseUrl.trim() ? saved.baseUrl.trim() : null,
      savedAt: typeof saved.savedAt === 'string' ? saved.savedAt : null,
    };
  });
}
