// /auth/v1 route table: Supabase Auth (GoTrue) with Google as the only provider, as supabase-js 2.109 uses it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { drain, header, preflight } from '../http.ts';
import { authorize } from './authorize.ts';
import { callback } from './callback.ts';
import { authError, gatewayKeyError } from './errors.ts';
import { apiKeyRole } from './keys.ts';
import { health, jwks, settings } from './server-info.ts';
import { token } from './token.ts';
import { getUser, logout } from './user.ts';

export { purgeExpiredFlows } from './flow-state.ts';
export { GOOGLE_CONSENT_PATH, issuerOf, LOCAL_GOOGLE_CLIENT_ID } from './issuer.ts';
export { GOTRUE_VERSION } from './server-info.ts';

/** Paths the gateway leaves open without an apikey (browser navigations). */
const OPEN_PATHS = new Set(['/authorize', '/callback', '/verify']);

type Route = (ctx: PlatformContext, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/authorize': { GET: authorize },
  '/callback': { GET: callback, POST: callback },
  '/token': { POST: token },
  '/user': { GET: getUser },
  '/logout': { POST: logout },
  '/settings': { GET: settings },
  '/health': { GET: health },
  '/.well-known/jwks.json': { GET: jwks },
};

export async function handleAuth(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const route = ROUTES[path];
  if (method === 'OPTIONS') {
    drain(req);
    if (!route) return authError(req, res, 404, 'not_found', 'Not Found');
    return preflight(req, res);
  }
  if (!route) {
    drain(req);
    return authError(req, res, 404, 'not_found', 'Not Found');
  }
  const handler = route[method === 'HEAD' ? 'GET' : method];
  if (!handler) {
    drain(req);
    return authError(req, res, 405, 'method_not_allowed', `Method ${method} not allowed on /auth/v1${path}`, {
      Allow: Object.keys(route).join(', '),
    });
  }
  if (!OPEN_PATHS.has(path)) {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) {
      drain(req);
      return gatewayKeyError(req, res, true);
    }
    if (!apiKeyRole(key)) {
      drain(req);
      return gatewayKeyError(req, res, false);
    }
  }
  await handler(ctx, req, res, url);
}
