// `homerounds whoami`, `login`, `logout` and `profiles list`: which credentials are used, and for which org;
// saving and removing them by profile. Keys are never returned (except the local platform's own key with
// --local, which is public by design).

import { rm } from 'node:fs/promises';
import { ApiClient, ApiError } from '../api/client.ts';
import { cliClock } from '../config/clock.ts';
import type { Connection } from '../config/credentials.ts';
import {
  cleanKey,
  configPath,
  DEFAULT_BASE_URL,
  describeKeySource,
  readConfig,
  writeConfig,
} from '../config/credentials.ts';
import {
  checkProfileName,
  DEFAULT_PROFILE,
  getProfile,
  isEmptyConfig,
  listProfiles,
  type ProfileSummary,
  withoutProfile,
  withProfile,
} from '../config/profiles.ts';
import { CliError, EXIT, usageError } from '../errors.ts';

export interface OrgSummary {
  id: string | null;
  name: string | null;
}

export interface WhoAmI {
  keySource: Connection['keySource'];
  keySourceDescription: string;
  baseUrl: string;
  baseUrlSource: Connection['baseUrlSource'];
  configPath: string;
  /** The saved profile the key came from, and what chose it (--profile, HOMEROUNDS_PROFILE, the default). */
  profile: string | null;
  profileSource: Connection['profileSource'] | null;
  org: OrgSummary;
  localPrivateKey?: string;
}

/** The org a key belongs to: GET /org, else a cheap authenticated read (GET /assistant?limit=1). */
export async function findOrg(client: ApiClient): Promise<OrgSummary> {
  try {
    const { data } = await client.request({ method: 'GET', path: '/org' });
    const org = (Array.isArray(data) ? data[0] : data) as { id?: string; name?: string } | undefined;
    return { id: org?.id ?? null, name: org?.name ?? null };
  } catch (error) {
    // Some keys may not read /org (user-scoped on the hosted platform): fall back to a cheap read that
    // still proves the key, and report the org id it carries.
    if (!(error instanceof ApiError)) throw error;
  }
  const { data } = await client.request({ method: 'GET', path: '/assistant', query: { limit: 1 } });
  const first = (Array.isArray(data) ? data[0] : undefined) as { orgId?: string } | undefined;
  return { id: first?.orgId ?? null, name: null };
}

export async function whoami(client: ApiClient, connection: Connection): Promise<WhoAmI> {
  const org = await findOrg(client);
  return {
    keySource: connection.keySource,
    keySourceDescription: describeKeySource(connection.keySource, connection.configPath, connection.profile),
    baseUrl: connection.baseUrl,
    baseUrlSource: connection.baseUrlSource,
    configPath: connection.configPath,
    profile: connection.profile ?? null,
    profileSource: connection.profileSource ?? null,
    org,
    // The local platform's key is public by design (its banner prints it): shown so it can be copied.
    ...(connection.keySource === 'local' ? { localPrivateKey: connection.apiKey } : {}),
  };
}

export interface LoginInput {
  key: string;
  /** --base-url or the URL of --region; else VAPI_BASE_URL, else the profile's saved URL, else the default. */
  baseUrl?: string;
  /** --profile; else HOMEROUNDS_PROFILE, else the default profile. */
  profile?: string;
  verify: boolean;
  env: Record<string, string | undefined>;
  timeoutMs?: number;
}

/** The profile a command acts on: --profile, else HOMEROUNDS_PROFILE, else the default one. */
export function chosenProfile(flag: string | undefined, env: Record<string, string | undefined>): string {
  if (flag !== undefined) return checkProfileName(flag, '--profile');
  if (env.HOMEROUNDS_PROFILE?.trim()) return checkProfileName(env.HOMEROUNDS_PROFILE, 'HOMEROUNDS_PROFILE');
  return DEFAULT_PROFILE;
}

export async function login(
  input: LoginInput,
): Promise<{ configPath: string; profile: string; org: OrgSummary | null; baseUrl: string }> {
  const profile = chosenProfile(input.profile, input.env);
  // Trimmed (a piped `echo` adds a newline); whitespace or a control character inside is refused.
  const key = cleanKey(input.key, 'the input');
  if (!key) throw usageError('no API key given (type it at the prompt or pipe it on stdin)');
  const path = configPath(input.env);
  // Other profiles are kept: a file others can read is read anyway (it is rewritten 0600 below); a file that is
  // not JSON stops the login rather than be replaced with this one key.
  const existing = await readConfig(path, { allowOpenMode: true });
  const previous = getProfile(existing, profile)?.baseUrl;
  const baseUrl = (
    input.baseUrl?.trim() ||
    input.env.VAPI_BASE_URL?.trim() ||
    (typeof previous === 'string' && previous.trim()) ||
    DEFAULT_BASE_URL
  ).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`base URL is not a URL: "${baseUrl}"`);
  }
  let org: OrgSummary | null = null;
  if (input.verify) {
    const client = new ApiClient({
      baseUrl,
      apiKey: key,
      timeoutMs: input.timeoutMs,
      authHint: `the key typed or piped to homerounds login was rejected by ${baseUrl}; check it, or pass --base-url / --region for another region (--no-verify saves it unchecked)`,
      unreachableHint: 'check --base-url / --region, or save without checking: --no-verify',
    });
    try {
      org = await findOrg(client);
    } finally {
      await client.close();
    }
  }
  await writeConfig(
    path,
    withProfile(existing, profile, {
      apiKey: key,
      // The URL the key was checked against is saved with it: the key is only ever sent there.
      ...(baseUrl !== DEFAULT_BASE_URL ? { baseUrl } : {}),
      savedAt: cliClock(input.env)().toISOString(),
    }),
  );
  return { configPath: path, profile, org, baseUrl };
}

/** Removes a profile's key; the file goes when nothing is left. A profile that is not saved is exit 4. */
export async function logout(input: {
  profile?: string;
  env: Record<string, string | undefined>;
}): Promise<{ configPath: string; profile: string; fileRemoved: boolean }> {
  const profile = chosenProfile(input.profile, input.env);
  const path = configPath(input.env);
  const existing = await readConfig(path, { allowOpenMode: true });
  const { config, removed } = withoutProfile(existing, profile);
  if (!removed) {
    const names = listProfiles(existing).map((p) => p.name);
    throw new CliError(
      `no key saved for profile "${profile}" in ${path}${names.length ? ` (saved: ${names.join(', ')})` : ''}`,
      EXIT.notFound,
    );
  }
  if (isEmptyConfig(config)) {
    await rm(path, { force: true });
    return { configPath: path, profile, fileRemoved: true };
  }
  await writeConfig(path, config);
  return { configPath: path, profile, fileRemoved: false };
}

export interface ProfileRow extends ProfileSummary {
  /** The profile commands use when no --profile is given (HOMEROUNDS_PROFILE, else the default one). */
  active: boolean;
}

/** The saved profiles (never their keys), the one used without --profile marked. */
export async function profilesList(
  env: Record<string, string | undefined>,
): Promise<{ configPath: string; profiles: ProfileRow[] }> {
  const path = configPath(env);
  const active = chosenProfile(undefined, env);
  const profiles = listProfiles(await readConfig(path)).map((p) => ({ ...p, active: p.name === active }));
  return { configPath: path, profiles };
}

/** Reads a secret from a terminal without echoing it. */
export async function promptSecret(prompt: string, write: (text: string) => void): Promise<string> {
  const stdin = process.stdin;
  write(prompt);
  stdin.setRawMode?.(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise<string>((resolvePromise, reject) => {
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      write('\n');
      if (error) reject(error);
      else resolvePromise(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(usageError('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}
