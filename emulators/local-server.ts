// The server (server/index.ts createServer) as the local platform runs it: the production composition root
// with the local config — the platform's origin for Supabase Auth, Google and the voice API, its PGlite as
// the database, development secrets, and a `visit-confirmation` assistant and calling number created on
// first use from the same template administrators deploy (core/confirmations/assistant-template.ts).

import { LOCAL_ANON_KEY } from '../config/local-platform.ts';
import { FUNCTION_NAMES, FUNCTIONS_PATH } from '../core/assistant/contract.ts';
import {
  VISIT_CONFIRMATION_ASSISTANT_NAME,
  visitConfirmationAssistant,
} from '../core/confirmations/assistant-template.ts';
import { CONFIRMATIONS_FUNCTION } from '../core/confirmations/contract.ts';
import { SEED_TIME_ZONE } from '../fixtures/time.ts';
import { createServer, type Server } from '../server/index.ts';
import { advancingClock, createMemoryRateLimiter } from '../server/rate-limit.ts';
import { GOOGLE_REVOKE_PATH, GOOGLE_TOKEN_PATH } from './auth/google-oauth.ts';
import type { PlatformContext } from './context.ts';
import {
  LOCAL_ADMIN_SECRET,
  LOCAL_CALL_TOKEN_SECRET,
  LOCAL_GOOGLE_CLIENT_ID,
  LOCAL_GOOGLE_CLIENT_SECRET,
  LOCAL_GOOGLE_MAPS_API_KEY,
  LOCAL_GOOGLE_ROUTES_API_KEY,
  LOCAL_TOKEN_ENCRYPTION_KEY,
  LOCAL_TOOLS_SECRET,
} from './local-secrets.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from './voice/keys.ts';

/** The agency's callback number on the local platform (a 555 number: never a real line). */
export const LOCAL_CALLBACK_NUMBER = '+13125550100';
export const LOCAL_CONFIRMATIONS_NUMBER_NAME = 'HomeRounds confirmations';

const servers = new WeakMap<PlatformContext, Server>();

/** The platform's server: made on the first request, once the origin it points at is known. */
export function localServer(ctx: PlatformContext): Server {
  let server = servers.get(ctx);
  if (!server) {
    if (!ctx.origin) throw new Error('localServer: the platform is not listening yet');
    server = createServer(localServerConfig(ctx));
    servers.set(ctx, server);
  }
  return server;
}

function localServerConfig(ctx: PlatformContext) {
  const functions = `${ctx.origin}${FUNCTIONS_PATH}`;
  return {
    supabaseUrl: ctx.origin,
    anonKey: LOCAL_ANON_KEY,
    query: (sql: string, params: readonly unknown[]) => ctx.db.query(sql, params),
    secrets: { tools: LOCAL_TOOLS_SECRET, callToken: LOCAL_CALL_TOKEN_SECRET, admin: LOCAL_ADMIN_SECRET },
    google: {
      clientId: LOCAL_GOOGLE_CLIENT_ID,
      clientSecret: LOCAL_GOOGLE_CLIENT_SECRET,
      tokenUrl: `${ctx.origin}${GOOGLE_TOKEN_PATH}`,
      revokeUrl: `${ctx.origin}${GOOGLE_REVOKE_PATH}`,
      encryptionKey: LOCAL_TOKEN_ENCRYPTION_KEY,
      calendarApiUrl: ctx.origin,
    },
    voice: {
      apiUrl: ctx.origin,
      apiKey: LOCAL_VOICE_PRIVATE_KEY,
      confirmationAssistantId: () =>
        ensureVoiceResource(ctx, '/assistant', VISIT_CONFIRMATION_ASSISTANT_NAME, () =>
          visitConfirmationAssistant({
            toolsUrl: `${functions}/${FUNCTION_NAMES.assistantTools}`,
            reportUrl: `${functions}/${CONFIRMATIONS_FUNCTION}/webhook`,
            secret: LOCAL_TOOLS_SECRET,
          }),
        ),
      confirmationPhoneNumberId: () =>
        ensureVoiceResource(ctx, '/phone-number', LOCAL_CONFIRMATIONS_NUMBER_NAME, () => ({
          provider: 'vapi',
          name: LOCAL_CONFIRMATIONS_NUMBER_NAME,
        })),
    },
    // Google's Geocoding API: the platform's stand-in (emulators/geocoding) and the one key it knows.
    geocoding: { apiKey: LOCAL_GOOGLE_MAPS_API_KEY, baseUrl: ctx.origin },
    // Google's Routes API (computeRouteMatrix): the platform's stand-in (emulators/route-matrix) and its key.
    routes: { apiKey: LOCAL_GOOGLE_ROUTES_API_KEY, baseUrl: ctx.origin },
    callbackNumber: LOCAL_CALLBACK_NUMBER,
    defaultTimeZone: SEED_TIME_ZONE,
    now: ctx.now,
    // Rate limits refill in real time even while the platform's clock is frozen (server/rate-limit.ts).
    rateLimiter: createMemoryRateLimiter(advancingClock(ctx.now, () => performance.now())),
    log: ctx.log,
  };
}

/** Finds a resource of the platform's voice API by name, or creates it. */
async function ensureVoiceResource(
  ctx: PlatformContext,
  path: string,
  name: string,
  body: () => Record<string, unknown>,
): Promise<string> {
  const headers = { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}`, 'content-type': 'application/json' };
  const listed = await fetch(`${ctx.origin}${path}?name=${encodeURIComponent(name)}&limit=1`, { headers });
  const found = (await listed.json()) as unknown;
  const items = Array.isArray(found) ? found : ((found as { results?: unknown[] }).results ?? []);
  const first = items[0] as { id?: unknown } | undefined;
  if (typeof first?.id === 'string') return first.id;
  const created = await fetch(`${ctx.origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body()) });
  const resource = (await created.json()) as { id?: unknown; message?: unknown };
  if (!created.ok || typeof resource.id !== 'string') {
    throw new Error(`the local voice platform refused the ${name} resource: ${JSON.stringify(resource.message)}`);
  }
  return resource.id;
}
