// Web-standard helpers shared by the Edge Functions (Deno in production, Node on the local platform):
// JSON answers with CORS for the web app, one error shape `{code, message}` (the shape Supabase Auth
// uses with X-Supabase-Api-Version), and the caller's Supabase user, verified by the Auth service itself
// (`GET {SUPABASE_URL}/auth/v1/user`), so the same code works against the real and the local Auth.

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
export type WebHandler = (request: Request) => Promise<Response>;

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Max-Age': '600',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...CORS_HEADERS,
      ...headers,
    },
  });
}

export function errorJson(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, { code, message }, headers);
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

/** A JSON object body, or null (the caller answers 400). Bodies over `limit` characters are refused. */
export async function readJsonObject(request: Request, limit = 256 * 1024): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return null;
  }
  if (text.length > limit) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

export interface SupabaseAuthConfig {
  /** The Supabase project URL (no trailing slash): the Auth service is `${supabaseUrl}/auth/v1`. */
  supabaseUrl: string;
  /** The project's anon (public) key, sent as `apikey`. */
  anonKey: string;
  fetch?: Fetch;
}

export interface SupabaseCaller {
  id: string;
  email: string | null;
}

export class UnauthorizedError extends Error {
  constructor(message = 'This endpoint requires a valid Bearer token of a signed-in user') {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** The signed-in user behind `Authorization: Bearer <Supabase access token>`, as the Auth service says. */
export async function supabaseCaller(request: Request, config: SupabaseAuthConfig): Promise<SupabaseCaller> {
  const token = bearerToken(request);
  if (!token || token === config.anonKey) throw new UnauthorizedError();
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(`${config.supabaseUrl}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${token}`, apikey: config.anonKey, Accept: 'application/json' },
    });
  } catch {
    throw new Error('The Auth service could not be reached');
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new UnauthorizedError('The session is not valid (expired or signed out): sign in again');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`The Auth service answered ${response.status}`);
  }
  const user = (await response.json()) as { id?: unknown; email?: unknown };
  if (typeof user.id !== 'string') throw new UnauthorizedError();
  return { id: user.id, email: typeof user.email === 'string' ? user.email : null };
}

/** Constant-time comparison of two secrets (length leaks, contents do not). */
export function sameSecret(given: string | null, expected: string): boolean {
  if (given === null || expected.length === 0) return false;
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ (b[i] as number);
  return diff === 0;
}

/**
 * The Edge Functions the web app calls with its Supabase session (locations, drive-times, reorder-day, link-patient):
 * the browser's preflight answered, POST only (405 otherwise), the caller verified with the Auth service (401 for no
 * or a dead session, 503 when Auth cannot be asked), then `answer` with the request and the caller. The body is
 * drained on every refusal, so the connection stays clean.
 */
export function signedInPost(
  config: SupabaseAuthConfig,
  answer: (request: Request, caller: SupabaseCaller) => Promise<Response>,
): WebHandler {
  return async (request) => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') {
      await request.body?.cancel();
      return errorJson(405, 'method_not_allowed', 'Use POST', { Allow: 'POST, OPTIONS' });
    }
    let caller: SupabaseCaller;
    try {
      caller = await supabaseCaller(request, config);
    } catch (error) {
      await request.body?.cancel();
      if (error instanceof UnauthorizedError) return errorJson(401, 'unauthorized', error.message);
      return errorJson(503, 'auth_unavailable', (error as Error).message);
    }
    return answer(request, caller);
  };
}
