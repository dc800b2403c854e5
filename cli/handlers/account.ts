// `homerounds whoami` and `homerounds login`: which credentials are used, and for which org. Keys are
// never returned (except the local platform's own key with --local, which is public by design).
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { ApiClient, ApiError } from '../api/client.ts';
import type { Connection } from '../config/credentials.ts';
import { cleanKey, configPath, describeKeySource, readConfig, writeConfig } from '../config/credentials.ts';
import { usageError } from '../errors.ts';

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
    keySourceDescription: describeKeySource(connection.keySource, connection.configPath),
    baseUrl: connection.baseUrl,
    baseUrlSource: connection.baseUrlSource,
    configPath: connection.configPath,
    org,
    ...(connection.keySource === 'local' && connection.apiKey === LOCAL_VOICE_PRIVATE_KEY
      ? { localPrivateKey: LOCAL_VOICE_PRIVATE_KEY }
      : {}),
  };
}

export interface LoginInput {
  key: string;
  baseUrl?: string;
  verify: boolean;
  env: Record<string, string | undefined>;
  timeoutMs?: number;
}

export async function login(
  input: LoginInput,
): Promise<{ configPath: string; org: OrgSummary | null; baseUrl: string }> {
  // Trimmed (a piped `echo` adds a newline); whitespace or a control character inside is refused.
  const key = cleanKey(input.key, 'the input');
  if (!key) throw usageError('no API key given (type it at the prompt or pipe it on stdin)');
  const path = configPath(input.env);
  const existing = await readConfig(path).catch(() => undefined);
  const baseUrl = input.baseUrl ?? existing?.baseUrl ?? 'https://api.vapi.ai';
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
  await writeConfig(path, {
    apiKey: key,
    ...(input.baseUrl || existing?.baseUrl ? { baseUrl } : {}),
    savedAt: new Date().toISOString(),
  });
  return { configPath: path, org, baseUrl };
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
