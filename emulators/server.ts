// The HomeRounds local platform: one Node HTTP server on one origin serving the built web app and
// stand-ins for Supabase Auth (/auth/v1), PostgREST (/rest/v1), Google Calendar (/calendar/v3), Google's Geocoding
// API (/maps/api/geocode/json) and Routes API (/distanceMatrix/v2:computeRouteMatrix) and the voice platform's REST
// API (its resource paths at the root, emulators/voice), plus the local Google account chooser (/__google) and
// development hooks (/__local), on one database.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { systemNow } from '../core/time/system-clock.ts';
import { matchEndpoint } from '../core/voice-platform/registry.ts';
import { seedToday } from '../fixtures/seed-db.ts';
import { createAssistantApi } from './assistant/routes.ts';
import { authError } from './auth/errors.ts';
import { errorPage, handleGoogle } from './auth/google.ts';
import { handleAuth } from './auth/routes.ts';
import { PROVIDER_TOKEN_TTL_S } from './auth/store.ts';
import { CalendarError, handleCalendar } from './calendar/routes.ts';
import type { PlatformContext } from './context.ts';
import { type Db, isUnavailableError } from './db/db.ts';
import { REPO_ROOT } from './db/migrate.ts';
import { openLocalDb } from './db/open.ts';
import { handleFunction } from './functions.ts';
import { createGeocodingApi } from './geocoding/routes.ts';
import {
  createHostPolicy,
  type HostPolicy,
  hostAllowed,
  isCrossSiteWrite,
  isForeignOrigin,
  localHookRefusal,
  parseAllowedHosts,
} from './guard.ts';
import {
  BodyTooLargeError,
  corsHeaders,
  drainFully,
  MAX_BODY_BYTES,
  readBody,
  sendJson,
  setPreparedBody,
} from './http.ts';
import { bodyProblem, queryProblem } from './input.ts';
import { handleLocal } from './local-hooks.ts';
import { localServer } from './local-server.ts';
import { handleRest } from './rest/routes.ts';
import { createRouteMatrixApi, ROUTE_MATRIX_PATH, rpcError } from './route-matrix/routes.ts';
import { serveStatic } from './static.ts';
import { createVoiceApi } from './voice/index.ts';

export interface LocalPlatformOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Directory of the built web app; default <repo>/dist/web. */
  webRoot?: string;
  /**
   * Database to use; default: DATABASE_URL, else PGlite on `dataDir`. Not closed by close().
   */
  db?: Db;
  /** PGlite's data directory when no `db` is given (default HOMEROUNDS_DATA_DIR or .data/local-platform; `:memory:`). */
  dataDir?: string;
  /** "Now" for every stand-in and handler (default: the real clock; `npm start` reads HOMEROUNDS_NOW). */
  now?: () => Date;
  /**
   * When `now` is not the real clock: the web app is served it too (index.html's clock meta), running on
   * from it or frozen, so the dashboard and the platform agree on the time.
   */
  pageClock?: 'running' | 'frozen';
  log?: (line: string) => void;
  /** Where sign-in lands without an allowed redirect_to (Supabase SITE_URL); default the platform origin. */
  siteUrl?: string;
  /** Lifetime of issued Google access tokens in seconds (default 3599, as Google); also `/__local/provider-token-ttl`. */
  providerTokenTtlS?: number;
  /**
   * Host names requests may carry besides the loopback names (default: env ALLOWED_HOSTS). Required when
   * `host` is `0.0.0.0`/`::`; the first one becomes the advertised origin.
   */
  allowedHosts?: readonly string[];
  /** Secret that lets a page of another origin use /__local/* (header x-homerounds-local-secret); default random. */
  localSecret?: string;
  /**
   * How often the platform's clock work runs by itself (the voice platform's dialer, the confirmations cron),
   * in ms; 0 (the default) leaves it to `tick()` (tests drive time themselves). `npm start` ticks every 15 s.
   */
  tickIntervalMs?: number;
}

export interface LocalPlatform {
  url: string;
  db: Db;
  /** Who may talk to the platform (allowed hosts, the local secret, a startup warning). */
  hosts: HostPolicy;
  /**
   * The clock work, once: the voice platform dials the calls that are due, the confirmations cron starts
   * and advances the evening batches, and it resolves when the calls it started have ended (reports sent).
   */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export type Prefix = 'auth' | 'rest' | 'calendar' | 'chooser' | 'other' | 'voice' | 'routes';

function prefixOf(pathname: string): Prefix {
  if (pathname === ROUTE_MATRIX_PATH) return 'routes';
  if (pathname === '/auth/v1' || pathname.startsWith('/auth/v1/')) return 'auth';
  if (pathname === '/rest/v1' || pathname.startsWith('/rest/v1/')) return 'rest';
  if (pathname === '/calendar/v3' || pathname.startsWith('/calendar/v3/')) return 'calendar';
  if (pathname.startsWith('/__google/o/')) return 'chooser';
  if (isVoicePath(pathname)) return 'voice';
  return 'other';
}

/** A path of the voice platform's REST API (any method), so its errors take the NestJS shape. */
function isVoicePath(pathname: string): boolean {
  // Percent-escapes stand for one character each; classification must not depend on them decoding.
  const path = pathname.replace(/\/+$/, '').replace(/%[0-9A-Fa-f]{2}/g, '_') || '/';
  try {
    return ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].some((method) => matchEndpoint(method, path));
  } catch {
    return false;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const AUTH_CODES: Record<number, string> = {
  400: 'validation_failed',
  403: 'request_not_allowed',
  413: 'request_too_large',
  415: 'bad_json',
  503: 'service_unavailable',
};
const REST_CODES: Record<number, string> = {
  400: 'PGRST100',
  403: '42501',
  413: 'PGRST102',
  415: 'PGRST107',
  503: 'PGRST001',
};
const CALENDAR_REASONS: Record<number, [string, string]> = {
  400: ['badRequest', 'INVALID_ARGUMENT'],
  403: ['forbidden', 'PERMISSION_DENIED'],
  413: ['requestTooLarge', 'FAILED_PRECONDITION'],
  415: ['badContent', 'INVALID_ARGUMENT'],
  503: ['backendError', 'UNAVAILABLE'],
};
const RPC_STATUS: Record<number, 'INVALID_ARGUMENT' | 'PERMISSION_DENIED' | 'UNAVAILABLE'> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  503: 'UNAVAILABLE',
};
const OTHER_ERRORS: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  503: 'unavailable',
};

/** An error answer in the shape of the service that owns the path. */
export function sendPrefixError(
  req: IncomingMessage,
  res: ServerResponse,
  prefix: Prefix,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = { ...(status === 413 ? { Connection: 'close' } : {}), ...extra };
  if (prefix === 'auth') {
    authError(req, res, status, AUTH_CODES[status] ?? 'unexpected_failure', message, headers);
    return;
  }
  if (prefix === 'rest') {
    const code = REST_CODES[status] ?? 'XX000';
    sendJson(res, status, { code, message, details: null, hint: null }, { ...corsHeaders(req), ...headers });
    return;
  }
  if (prefix === 'calendar') {
    const [reason, statusText] = CALENDAR_REASONS[status] ?? ['backendError', 'INTERNAL'];
    const error = new CalendarError(status, statusText, [{ domain: 'global', reason, message }], message);
    sendJson(res, status, error.body(), { ...corsHeaders(req), ...headers });
    return;
  }
  if (prefix === 'routes') {
    // Google's APIs (google.rpc.Status): {error: {code, message, status}}.
    sendJson(res, status, rpcError(RPC_STATUS[status] ?? 'INTERNAL', message, status), headers);
    return;
  }
  if (prefix === 'voice') {
    const error = STATUS_TEXT[status] ?? 'Internal Server Error';
    sendJson(res, status, { statusCode: status, message, error }, { ...corsHeaders(req), ...headers });
    return;
  }
  if (prefix === 'chooser') {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    errorPage(res, status, STATUS_TEXT[status] ?? 'Error', message);
    return;
  }
  sendJson(res, status, { error: OTHER_ERRORS[status] ?? 'error', message }, headers);
}

const RETRY_AFTER_S = 5;
const DRAIN_CAP_BYTES = 32 * MAX_BODY_BYTES;

/** Whether the database answers (`select 1` within 2 s). */
export async function databaseHealth(db: Db): Promise<{ ok: boolean; kind: string; ms: number; error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 2 s')), 2_000);
      }),
    ]);
    return { ok: true, kind: db.kind, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: db.kind, ms: Math.round(performance.now() - started), error: message.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: the platform and its database; 503 with Retry-After while the database is away. */
async function sendHealth(req: IncomingMessage, res: ServerResponse, db: Db): Promise<void> {
  if (!req.complete) req.resume();
  const database = await databaseHealth(db);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (!database.ok) headers['Retry-After'] = String(RETRY_AFTER_S);
  sendJson(res, database.ok ? 200 : 503, { status: database.ok ? 'ok' : 'unavailable', database }, headers);
}

/** A request whose body the input layer reads ahead (multipart uploads stream to their route). */
function hasBody(req: IncomingMessage): boolean {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (/^multipart\//i.test(req.headers['content-type'] ?? '')) return false;
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

function hostRefusal(value: string | undefined): string {
  const shown = (value ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
  return value
    ? `Host "${shown}" is not allowed: the local platform answers only to loopback names and ALLOWED_HOSTS`
    : 'A Host header is required';
}

export async function createLocalPlatform(options: LocalPlatformOptions = {}): Promise<LocalPlatform> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  // Before opening the database: a wildcard HOST without allowed hosts stops here, saying what to set.
  const hosts = createHostPolicy({
    host,
    allowedHosts: options.allowedHosts ?? parseAllowedHosts(process.env.ALLOWED_HOSTS),
    localSecret: options.localSecret ?? process.env.HOMEROUNDS_LOCAL_SECRET,
  });
  if (hosts.warning) log(`warning: ${hosts.warning}`);
  const ownsDb = !options.db;
  const now = options.now ?? systemNow;
  // A new database is seeded from the platform's today (an existing one keeps its days).
  const db = options.db ?? (await openLocalDb({ log, dataDir: options.dataDir, today: seedToday(now()) }));
  const webRoot = options.webRoot ?? join(REPO_ROOT, 'dist', 'web');
  const ctx: PlatformContext = {
    db,
    now,
    origin: '',
    siteUrl: options.siteUrl ?? '',
    log,
    faults: { calendar: null },
    providerTokenTtlS: options.providerTokenTtlS ?? PROVIDER_TOKEN_TTL_S,
  };

  // The voice platform's REST API (emulators/voice) lives at the root, as on the real platform.
  const voice = createVoiceApi({ db, origin: () => ctx.origin, now: ctx.now, log });
  await voice.migrate();
  // The local assistant: POST /chat/web, the call rooms (/__local/room/<callId>, WebSocket) and its fault hook.
  const assistant = createAssistantApi({ db, origin: () => ctx.origin, now: ctx.now, log });
  // Google's Geocoding API (GET /maps/api/geocode/json) and its fault hook (/__local/geocoding-faults).
  const geocoding = createGeocodingApi();
  // Google's Routes API (POST /distanceMatrix/v2:computeRouteMatrix) and its fault hook (/__local/route-matrix-faults).
  const routeMatrix = createRouteMatrixApi({ now: ctx.now });
  const clockMode = options.pageClock;
  const pageClock = clockMode ? () => `${ctx.now().toISOString()} ${clockMode}` : undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(`http://local${req.url ?? '/'}`);
    } catch {
      return sendPrefixError(req, res, 'other', 400, 'Malformed request URL');
    }
    const pathname = url.pathname;
    const prefix = prefixOf(pathname);
    // Closed to other origins: a foreign Host (DNS rebinding) or a cross-site form never reaches a route.
    if (!hostAllowed(hosts, req)) {
      req.resume();
      return sendPrefixError(req, res, prefix, 403, hostRefusal(req.headers.host));
    }
    if (isCrossSiteWrite(hosts, req)) {
      req.resume();
      return sendPrefixError(req, res, prefix, 403, 'Cross-site requests with a form or text body are not accepted');
    }
    if (pathname === '/__local' || pathname.startsWith('/__local/')) {
      const refusal = localHookRefusal(hosts, req);
      if (refusal) {
        req.resume();
        return sendPrefixError(req, res, prefix, refusal.status, refusal.message);
      }
    }
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      // Up to 32 MB the body is read and dropped first (clients that read only after sending see the 413);
      // beyond, the 413 goes out at once and the connection closes after it (no socket reset without an answer).
      if (declared <= DRAIN_CAP_BYTES) await drainFully(req);
      sendPrefixError(req, res, prefix, 413, 'Request body larger than 1 MB');
      if (!req.complete) res.once('finish', () => setTimeout(() => req.socket.destroy(), 1_000).unref());
      return;
    }
    try {
      // The input layer: what no route can store or compute is a 400 in the service's shape.
      const queryIssue = queryProblem(url.searchParams);
      if (queryIssue) {
        req.resume();
        return sendPrefixError(req, res, prefix, 400, queryIssue);
      }
      if (hasBody(req)) {
        const text = await readBody(req);
        setPreparedBody(req, text);
        const bodyIssue = bodyProblem(text, req.headers['content-type']);
        if (bodyIssue) return sendPrefixError(req, res, prefix, 400, bodyIssue);
      }
      if (pathname === '/health') return await sendHealth(req, res, db);
      if (await handleFunction(() => localServer(ctx), ctx.origin, req, res, url)) return;
      if (await assistant.handle(req, res, url)) return;
      if (await geocoding.handle(req, res, url)) return;
      if (await routeMatrix.handle(req, res, url)) return;
      if (prefix === 'auth') return await handleAuth(ctx, req, res, pathname.slice('/auth/v1'.length), url);
      if (prefix === 'rest') return await handleRest(ctx, req, res, pathname.slice('/rest/v1'.length), url);
      if (prefix === 'calendar') return await handleCalendar(ctx, req, res, pathname.slice('/calendar/v3'.length), url);
      if (pathname.startsWith('/__google/')) return await handleGoogle(ctx, req, res, url);
      if (pathname === '/__local' || pathname.startsWith('/__local/')) {
        return await handleLocal(ctx, req, res, pathname.slice('/__local'.length));
      }
      // Browser navigations (GET/HEAD accepting HTML) always get the web app, so SPA routes such as
      // /assistant never collide with the voice API's resource paths.
      const navigation =
        (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
      if (!navigation && (await voice.handle(req, res, url))) return;
      if (!navigation && prefix === 'voice') {
        // A voice API path with a method it does not take: NestJS's default answer for an unknown route.
        req.resume();
        const message = `Cannot ${req.method} ${pathname}`;
        return sendJson(res, 404, { message, error: 'Not Found', statusCode: 404 }, corsHeaders(req));
      }
      req.resume();
      return serveStatic(req, res, webRoot, pathname, pageClock);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return sendPrefixError(req, res, prefix, 413, 'Request body larger than 1 MB');
      if (error instanceof URIError)
        return sendPrefixError(req, res, prefix, 400, 'Malformed percent-encoding in the URL');
      if (isUnavailableError(error)) {
        // The database is gone (PostgreSQL restarting, network): 503 as PostgREST and Google answer, and the
        // next request tries again (the pool reconnects by itself).
        log(`database unavailable: ${error instanceof Error ? error.message : String(error)}`);
        if (!req.complete) req.resume();
        return sendPrefixError(req, res, prefix, 503, 'The database is unavailable; try again shortly', {
          'Retry-After': String(RETRY_AFTER_S),
        });
      }
      log(
        `error ${req.method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return sendPrefixError(req, res, prefix, 500, 'Unexpected failure in the local platform');
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`unhandled: ${String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: 'Unexpected failure' });
      else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.on('upgrade', (req, socket, head) => {
    // WebSockets have no CORS: a page of another origin (or a rebound name) must not join a room.
    if (!hostAllowed(hosts, req) || isForeignOrigin(hosts, req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!assistant.upgrade(req, socket, head)) socket.destroy();
  });
  server.keepAliveTimeout = 5_000;

  try {
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8787, host, () => {
        server.off('error', reject);
        resolvePromise();
      });
    });
  } catch (error) {
    // Port taken: release what we opened (the data directory's lock included) before reporting.
    assistant.close();
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
  const address = server.address() as AddressInfo;
  // On every interface, advertise a name other machines can use (0.0.0.0 would break sign-in there).
  const name = hosts.advertisedHost ?? address.address;
  const urlHost = name.includes(':') ? `[${name}]` : name;
  const url = `http://${urlHost}:${address.port}`;
  ctx.origin = url;
  if (!ctx.siteUrl) ctx.siteUrl = `${url}/`;

  let ticking: Promise<void> | null = null;
  /** One tick at a time; a tick asked for while one runs waits for it (and does not queue another). */
  function tick(): Promise<void> {
    ticking ??= (async () => {
      try {
        // Batches first (a due batch places its campaign), then the calls that are due, then their reports.
        await localServer(ctx).confirmations().runner.tick();
        await voice.dialer.tick();
        await voice.dialer.idle();
      } finally {
        ticking = null;
      }
    })();
    return ticking;
  }
  const ticker = options.tickIntervalMs
    ? setInterval(() => {
        tick().catch((error: unknown) => log(`tick failed: ${error instanceof Error ? error.message : String(error)}`));
      }, options.tickIntervalMs)
    : null;
  ticker?.unref();

  let closing: Promise<void> | undefined;
  return {
    url,
    db,
    hosts,
    tick,
    close() {
      closing ??= (async () => {
        if (ticker) clearInterval(ticker);
        await ticking?.catch(() => {});
        assistant.close();
        await new Promise<void>((resolvePromise) => {
          server.close(() => resolvePromise());
          server.closeAllConnections();
        });
        if (ownsDb) await db.close();
      })();
      return closing;
    },
  };
}
