// /__local: development hooks of the local platform (it only ever runs locally). Used by browser tests
// and the CLI: fault injection, provider-token expiry and lifetime, minting provider tokens and sessions,
// revoking a clinician's Google grant, reseeding, reading and reassigning the agency's day (dispatch).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CALENDAR_READONLY_SCOPE } from '../core/google/access.ts';
import { isIsoDate } from '../core/time/zoned-time.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../fixtures/seed.ts';
import { resetLocalPlatform, seedToday } from '../fixtures/seed-db.ts';
import { issueGoogleRefreshToken, revokeGoogleGrant } from './auth/google-oauth.ts';
import { issuerOf } from './auth/routes.ts';
import { createSession, issueProviderToken, PROVIDER_TOKEN_TTL_S } from './auth/store.ts';
import type { CalendarFault, PlatformContext } from './context.ts';
import { drain, readBody, sendJson } from './http.ts';
import { type LocalDispatchMove, localDispatchApply, localDispatchDay, moveProblem } from './local-dispatch.ts';
import { localCredentials } from './local-secrets.ts';
import { localServer } from './local-server.ts';

/** Answers carrying tokens are never cached. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

const ALLOWED_KEYS: Record<string, string[]> = {
  '/faults': ['calendar'],
  '/expire-provider-tokens': ['email'],
  '/provider-tokens': ['email', 'scopes'],
  '/sessions': ['email'],
  '/google-grants': ['email', 'scopes'],
  '/revoke-google-grant': ['email'],
  '/provider-token-ttl': ['seconds'],
  '/reset': ['today'],
  '/clinician-home': ['email'],
  '/dispatch-day': ['date'],
  '/dispatch-apply': ['date', 'moves'],
  '/credentials': [],
};

function problem(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: status === 404 ? 'not_found' : 'bad_request', message });
}

/** A user of the local Auth by email (case-insensitive), or undefined. */
async function seededUser(ctx: PlatformContext, email: string): Promise<{ id: string } | undefined> {
  return (await ctx.db.query<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [email]))
    .rows[0];
}

/** The `scopes` a hook was given; read-only calendar access (what sign-in asks) by default. */
function scopesOf(body: Record<string, unknown>): string[] {
  return Array.isArray(body.scopes)
    ? body.scopes.filter((s): s is string => typeof s === 'string')
    : [CALENDAR_READONLY_SCOPE];
}

async function json(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export async function handleLocal(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (path === '/state' && method === 'GET') {
    drain(req);
    return sendJson(res, 200, {
      faults: ctx.faults,
      clinicians: SEEDED_CLINICIAN_EMAILS,
      now: ctx.now().toISOString(),
      providerTokenTtlS: ctx.providerTokenTtlS,
    });
  }
  const routes = Object.keys(ALLOWED_KEYS);
  if (!routes.includes(path)) {
    drain(req);
    return problem(res, 404, `Unknown local hook ${path.slice(0, 100)}`);
  }
  if (method !== 'POST') {
    drain(req);
    res.setHeader('Allow', 'POST');
    return sendJson(res, 405, { error: 'method_not_allowed', message: 'Use POST' });
  }
  // Requiring JSON makes a cross-site form or text/plain POST (CSRF against a developer's browser) impossible:
  // such a request would need a CORS preflight, which /__local never grants.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    drain(req);
    return problem(res, 415, 'Content-Type must be application/json');
  }
  const body = await json(req);
  if (!body) return problem(res, 400, 'Body must be a JSON object');
  const allowed = ALLOWED_KEYS[path] ?? [];
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    return problem(res, 400, `Unknown field(s) ${unknown.join(', ').slice(0, 200)}; allowed: ${allowed.join(', ')}`);
  }
  if (path === '/credentials') {
    // What `homerounds … --local` needs and must not carry in its build: the development secrets (public by
    // design, never valid elsewhere). A POST with JSON from this origin or the CLI, like every hook.
    return sendJson(res, 200, localCredentials(), NO_STORE);
  }
  if (path === '/faults') {
    const calendar = body.calendar;
    if (calendar !== null && calendar !== '500' && calendar !== 'down') {
      return problem(res, 400, 'calendar must be "500", "down" or null');
    }
    ctx.faults.calendar = calendar as CalendarFault;
    return sendJson(res, 200, { faults: ctx.faults });
  }
  if (path === '/expire-provider-tokens') {
    const email = typeof body.email === 'string' ? body.email : null;
    const result = await ctx.db.query(
      `update local_oauth.provider_tokens set expires_at = $1
       where expires_at > $1 and ($2::text is null or user_id = (select id from auth.users where lower(email) = lower($2)))`,
      [ctx.now(), email],
    );
    return sendJson(res, 200, { expired: result.affectedRows });
  }
  if (path === '/clinician-home') {
    // Where a clinician's day starts and ends: the place on their profile, which the dashboard's Route view reads
    // and sets too, so `route optimize --local` and the dashboard count the same drives (null: not known).
    const email = typeof body.email === 'string' ? body.email : '';
    const user = await seededUser(ctx, email);
    if (!user) return problem(res, 404, `No clinician ${email.slice(0, 100).toLowerCase()}`);
    const row = (
      await ctx.db.query<{ home_label: string | null; home_lat: number | null; home_lng: number | null }>(
        'select home_label, home_lat, home_lng from public.profiles where id = $1',
        [user.id],
      )
    ).rows[0];
    const known = row && row.home_lat !== null && row.home_lng !== null;
    return sendJson(res, 200, {
      home: known ? { address: row.home_label, lat: Number(row.home_lat), lng: Number(row.home_lng) } : null,
    });
  }
  if (path === '/dispatch-day' || path === '/dispatch-apply') {
    // Every clinician's day for `homerounds dispatch`, and its reassignment (why a hook: emulators/local-dispatch.ts).
    if (!isIsoDate(body.date)) return problem(res, 400, 'date must be a calendar date as YYYY-MM-DD');
    if (path === '/dispatch-day') return sendJson(res, 200, await localDispatchDay(ctx, body.date));
    if (!Array.isArray(body.moves) || body.moves.length > 500)
      return problem(res, 400, 'moves must be a list of at most 500 moves');
    const invalid = body.moves.map(moveProblem).find((m) => m !== undefined);
    if (invalid) return problem(res, 400, invalid);
    const results = await localDispatchApply(ctx, body.date, body.moves as LocalDispatchMove[]);
    return sendJson(res, 200, { results });
  }
  if (path === '/provider-tokens') {
    const email = typeof body.email === 'string' ? body.email : '';
    const scopes = scopesOf(body);
    const user = await seededUser(ctx, email);
    if (!user) return problem(res, 404, `No seeded user ${email.slice(0, 100)}`);
    const token = await issueProviderToken(ctx.db, user.id, scopes, ctx.now(), ctx.providerTokenTtlS);
    return sendJson(
      res,
      200,
      {
        access_token: token.token,
        token_type: 'Bearer',
        expires_in: ctx.providerTokenTtlS,
        scope: scopes.join(' '),
      },
      NO_STORE,
    );
  }
  if (path === '/sessions') {
    // A signed-in session for a seeded clinician without the browser's sign-in (CLI call simulation).
    const email = typeof body.email === 'string' ? body.email : '';
    const user = await seededUser(ctx, email);
    if (!user) return problem(res, 404, `No seeded user ${email.slice(0, 100)}`);
    const session = await ctx.db.transaction((tx) => createSession(tx, user.id, issuerOf(ctx), ctx.now()));
    return sendJson(res, 200, session, NO_STORE);
  }
  if (path === '/google-grants') {
    // The server-side Google grant an offline sign-in leaves behind, without the browser: for the CLI's
    // call simulation and tests of the assistant's tools (scopes default to read-only, as sign-in asks).
    const email = typeof body.email === 'string' ? body.email : '';
    const scopes = scopesOf(body);
    const user = await seededUser(ctx, email);
    if (!user) return problem(res, 404, `No seeded user ${email.slice(0, 100)}`);
    const refreshToken = await issueGoogleRefreshToken(ctx.db, user.id, ['email', 'profile', ...scopes], ctx.now());
    const granted = await localServer(ctx).googleAccess().storeGrant(user.id, refreshToken);
    return sendJson(res, 200, { userId: user.id, scopes: granted.scopes });
  }
  if (path === '/revoke-google-grant') {
    // The clinician removes HomeRounds in their Google account: the stored refresh token stops working.
    const email = typeof body.email === 'string' ? body.email : '';
    const user = await seededUser(ctx, email);
    if (!user) return problem(res, 404, `No seeded user ${email.slice(0, 100)}`);
    const revoked = await ctx.db.transaction((tx) => revokeGoogleGrant(tx, user.id, ctx.now()));
    return sendJson(res, 200, { revoked });
  }
  if (path === '/provider-token-ttl') {
    // Google access tokens issued from now on live this long (null: Google's 3599 s), so a browser
    // journey can watch one expire.
    const seconds = body.seconds;
    if (seconds !== null && !(typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 1)) {
      return problem(res, 400, 'seconds must be a positive integer or null');
    }
    ctx.providerTokenTtlS = seconds ?? PROVIDER_TOKEN_TTL_S;
    return sendJson(res, 200, { providerTokenTtlS: ctx.providerTokenTtlS });
  }
  const today = typeof body.today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.today) ? body.today : undefined;
  const seed = await resetLocalPlatform(ctx.db, { today: today ?? seedToday(ctx.now()) });
  ctx.faults.calendar = null;
  return sendJson(res, 200, { today: seed.today, clinicians: seed.clinicians.map((c) => c.email) });
}
