// The HomeRounds local platform: one Node HTTP server on one origin serving the built web app and
// stand-ins for Supabase Auth (/auth/v1), PostgREST (/rest/v1), Google Calendar (/calendar/v3) and the
// voice platform's REST API (its resource paths at the root, emulators/voice), plus the local Google
// account chooser (/__google) and development hooks (/__local), on one database.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { matchEndpoint } from '../core/voice-platform/registry.ts';
import { createAssistantApi } from './assistant/routes.ts';
import { authError } from './auth/errors.ts';
import { handleGoogle } from './auth/google.ts';
import { handleAuth } from './auth/routes.ts';
import { PROVIDER_TOKEN_TTL_S } from './auth/store.ts';
import { CalendarError, handleCalendar } from './calendar/routes.ts';
import type { PlatformContext } from './context.ts';
import type { Db } from './db/db.ts';
import { REPO_ROOT } from './db/migrate.ts';
import { openLocalDb } from './db/open.ts';
import { handleFunction } from './functions.ts';
import { BodyTooLargeError, corsHeaders, drainFully, MAX_BODY_BYTES, sendJson } from './http.ts';
import { createLocalFunctions } from './local-functions.ts';
import { handleLocal } from './local-hooks.ts';
import { handleRest } from './rest/routes.ts';
import { serveStatic } from './static.ts';
import { createVoiceApi } from './voice/index.ts';

export interface LocalPlatformOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Directory of the built web app; default <repo>/dist/web. */
  webRoot?: string;
  /** Database to use; default: PGlite from the cached snapshot (or DATABASE_URL). Not closed by close(). */
  db?: Db;
  now?: () => Date;
  log?: (line: string) => void;
  /** Where sign-in lands without an allowed redirect_to (Supabase SITE_URL); default the platform origin. */
  siteUrl?: string;
  /** Lifetime of issued Google access tokens in seconds (default 3599, as Google); also `/__local/provider-token-ttl`. */
  providerTokenTtlS?: number;
}

export interface LocalPlatform {
  url: string;
  db: Db;
  close(): Promise<void>;
}

type Prefix = 'auth' | 'rest' | 'calendar' | 'other' | 'voice';

function prefixOf(pathname: string): Prefix {
  if (pathname === '/auth/v1' || pathname.startsWith('/auth/v1/')) return 'auth';
  if (pathname === '/rest/v1' || pathname.startsWith('/rest/v1/')) return 'rest';
  if (pathname === '/calendar/v3' || pathname.startsWith('/calendar/v3/')) return 'calendar';
  if (isVoicePath(pathname)) return 'voice';
  return 'other';
}

/** A path of the voice platform's REST API (any method), so its errors take the NestJS shape. */
function isVoicePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  try {
    return ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].some((method) => matchEndpoint(method, path));
  } catch {
    return false;
  }
}

/** An error answer in the shape of the service that owns the path. */
function sendPrefixError(
  req: IncomingMessage,
  res: ServerResponse,
  prefix: Prefix,
  status: number,
  message: string,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const close: Record<string, string> = status === 413 ? { Connection: 'close' } : {};
  if (prefix === 'auth') {
    const code = status === 413 ? 'request_too_large' : status === 400 ? 'validation_failed' : 'unexpected_failure';
    authError(req, res, status, code, message, close);
    return;
  }
  if (prefix === 'rest') {
    const code = status === 413 ? 'PGRST102' : status === 400 ? 'PGRST100' : 'XX000';
    sendJson(res, status, { code, message, details: null, hint: null }, { ...corsHeaders(req), ...close });
    return;
  }
  if (prefix === 'calendar') {
    const reason = status === 413 ? 'requestTooLarge' : status === 400 ? 'badRequest' : 'backendError';
    const statusText = status === 413 ? 'FAILED_PRECONDITION' : status === 400 ? 'INVALID_ARGUMENT' : 'INTERNAL';
    const error = new CalendarError(status, statusText, [{ domain: 'global', reason, message }], message);
    sendJson(res, status, error.body(), { ...corsHeaders(req), ...close });
    return;
  }
  if (prefix === 'voice') {
    const error = status === 413 ? 'Payload Too Large' : status === 400 ? 'Bad Request' : 'Internal Server Error';
    sendJson(res, status, { statusCode: status, message, error }, { ...corsHeaders(req), ...close });
    return;
  }
  sendJson(res, status, { error: status === 413 ? 'payload_too_large' : 'error', message }, close);
}

export async function createLocalPlatform(options: LocalPlatformOptions = {}): Promise<LocalPlatform> {
  const log = options.log ?? (() => {});
  const ownsDb = !options.db;
  const db = options.db ?? (await openLocalDb({ log }));
  const webRoot = options.webRoot ?? join(REPO_ROOT, 'dist', 'web');
  const ctx: PlatformContext = {
    db,
    now: options.now ?? (() => new Date()),
    origin: '',
    siteUrl: options.siteUrl ?? '',
    log,
    faults: { calendar: null },
    providerTokenTtlS: options.providerTokenTtlS ?? PROVIDER_TOKEN_TTL_S,
  };

  // The voice platform's REST API (emulators/voice) lives at the root, as on the real platform.
  const voice = createVoiceApi({ db, origin: () => ctx.origin, now: ctx.now });
  await voice.migrate();
  // The local assistant: POST /chat/web, the call rooms (/__local/room/<callId>, WebSocket) and its fault hook.
  const assistant = createAssistantApi({ db, origin: () => ctx.origin, now: ctx.now, log });
  // The Edge Functions (supabase/functions) at /functions/v1/<name>, as production serves them.
  const functions = createLocalFunctions(ctx);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(`http://local${req.url ?? '/'}`);
    } catch {
      return sendPrefixError(req, res, 'other', 400, 'Malformed request URL');
    }
    const pathname = url.pathname;
    const prefix = prefixOf(pathname);
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      await drainFully(req);
      return sendPrefixError(req, res, prefix, 413, 'Request body larger than 1 MB');
    }
    try {
      if (await handleFunction(functions, ctx.origin, req, res, url)) return;
      if (await assistant.handle(req, res, url)) return;
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
      return serveStatic(req, res, webRoot, pathname);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return sendPrefixError(req, res, prefix, 413, 'Request body larger than 1 MB');
      if (error instanceof URIError)
        return sendPrefixError(req, res, prefix, 400, 'Malformed percent-encoding in the URL');
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
    if (!assistant.upgrade(req, socket, head)) socket.destroy();
  });
  server.keepAliveTimeout = 5_000;

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${urlHost}:${address.port}`;
  ctx.origin = url;
  if (!ctx.siteUrl) ctx.siteUrl = `${url}/`;

  let closing: Promise<void> | undefined;
  return {
    url,
    db,
    close() {
      closing ??= (async () => {
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
