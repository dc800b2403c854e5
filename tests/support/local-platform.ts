// Starts the local platform on a random port from the shared snapshot, and builds supabase-js clients
// for Node (PKCE, memory storage, `ws` transport) plus the request chain of the local Google sign-in.
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { createLocalPlatform, type LocalPlatform } from '../../emulators/server.ts';
import { loadSnapshotDb } from './db-snapshot.ts';

export interface TestPlatform extends LocalPlatform {
  anonKey: string;
}

export async function startLocalPlatform(options: { now?: () => Date; webRoot?: string } = {}): Promise<TestPlatform> {
  const db = await loadSnapshotDb();
  const platform = await createLocalPlatform({ port: 0, db, now: options.now, webRoot: options.webRoot });
  return {
    ...platform,
    anonKey: LOCAL_ANON_KEY,
    async close() {
      await platform.close();
      await db.close();
    },
  };
}

export function memoryStorage(): {
  store: Map<string, string>;
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
} {
  const store = new Map<string, string>();
  return {
    store,
    getItem: (key) => store.get(key) ?? null,
    setItem: (key, value) => {
      store.set(key, value);
    },
    removeItem: (key) => {
      store.delete(key);
    },
  };
}

export function createTestClient(
  url: string,
  options: {
    flowType?: 'pkce' | 'implicit';
    storage?: ReturnType<typeof memoryStorage>;
    key?: string;
    fetch?: typeof fetch;
  } = {},
): SupabaseClient {
  return createClient(url, options.key ?? LOCAL_ANON_KEY, {
    auth: {
      flowType: options.flowType ?? 'pkce',
      storage: options.storage ?? memoryStorage(),
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
    },
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: options.fetch ? { fetch: options.fetch } : {},
  });
}

export interface ChooserResult {
  authorizeUrl: string;
  consentUrl: string;
  consentHtml: string;
  /** Where the chain ends: redirect_to with `?code=` (PKCE) or a token fragment (implicit). */
  finalUrl: string;
}

async function follow(response: Response): Promise<string> {
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`expected a 302, got ${response.status}: ${await response.text()}`);
  }
  return location;
}

/** Starts sign-in with the client, follows the 302s and "clicks" the clinician's button on the local chooser. */
export async function signInThroughChooser(
  client: SupabaseClient,
  email: string,
  options: { redirectTo: string; scopes?: string; cancel?: boolean; queryParams?: Record<string, string> },
): Promise<ChooserResult> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: {
      redirectTo: options.redirectTo,
      scopes: options.scopes ?? CALENDAR_READONLY_SCOPE,
      skipBrowserRedirect: true,
      ...(options.queryParams ? { queryParams: options.queryParams } : {}),
    },
  });
  if (error || !data.url) throw error ?? new Error('no authorize url');
  const consentUrl = await follow(await fetch(data.url, { redirect: 'manual' }));
  const consent = await fetch(consentUrl);
  const consentHtml = await consent.text();
  const consentParams = new URL(consentUrl).searchParams;
  // The same request the page's button makes (form POST, urlencoded; the scopes come from the flow state).
  const form = new URLSearchParams({
    state: consentParams.get('state') ?? '',
    redirect_uri: consentParams.get('redirect_uri') ?? '',
  });
  if (options.cancel) form.set('cancel', '1');
  else form.set('login_hint', email);
  const action = new URL('/__google/o/oauth2/v2/auth/choose', consentUrl).toString();
  const callbackUrl = await follow(
    await fetch(action, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    }),
  );
  const finalUrl = await follow(await fetch(callbackUrl, { redirect: 'manual' }));
  return { authorizeUrl: data.url, consentUrl, consentHtml, finalUrl };
}

/** Signs a clinician in with PKCE through the local chooser and returns the client and its session. */
export async function signIn(
  platform: { url: string },
  email: string,
  options: { scopes?: string; fetch?: typeof fetch; queryParams?: Record<string, string> } = {},
): Promise<{ client: SupabaseClient; session: Session; storage: ReturnType<typeof memoryStorage> }> {
  const storage = memoryStorage();
  const client = createTestClient(platform.url, { storage, fetch: options.fetch });
  const chain = await signInThroughChooser(client, email, {
    redirectTo: `${platform.url}/auth/callback`,
    scopes: options.scopes,
    queryParams: options.queryParams,
  });
  const code = new URL(chain.finalUrl).searchParams.get('code');
  if (!code) throw new Error(`no code in ${chain.finalUrl}`);
  const { data, error } = await client.auth.exchangeCodeForSession(code);
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session, storage };
}
