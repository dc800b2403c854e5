// Small HTTP helpers shared by the stand-ins: bounded body reading, JSON answers, CORS.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body larger than 1 MB');
    this.name = 'BodyTooLargeError';
  }
}

/** Bodies already read (and checked) by the input layer in front of the routes. */
const preparedBodies = new WeakMap<IncomingMessage, string>();

/** Keeps a body read ahead of the routes, so their readBody() gets it. */
export function setPreparedBody(req: IncomingMessage, text: string): void {
  preparedBodies.set(req, text);
}

/** Reads the request body, refusing more than MAX_BODY_BYTES (checked on Content-Length and while streaming). */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const prepared = preparedBodies.get(req);
  if (prepared !== undefined) {
    if (Buffer.byteLength(prepared) > limit) throw new BodyTooLargeError();
    return prepared;
  }
  const declared = Number(req.headers['content-length'] ?? '0');
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and discards the rest of a body (up to 32 MB, then the socket is dropped) before answering. */
export function drainFully(req: IncomingMessage, cap = 32 * MAX_BODY_BYTES): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete || req.readableEnded) {
      resolve();
      return;
    }
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        req.socket.destroy();
        resolve();
      }
    });
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.once('error', () => resolve());
    req.resume();
  });
}

/** Drains (and discards) a body we do not read, so keep-alive connections stay usable. */
export function drain(req: IncomingMessage): void {
  if (!req.complete) req.resume();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json; charset=utf-8',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/** Like sendJson, for a body that is already JSON (text or UTF-8 bytes). */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  headers: Record<string, string> = {},
  contentType = 'application/json; charset=utf-8',
): void {
  res.writeHead(status, { ...headers, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(302, { ...headers, Location: location, 'Content-Length': 0 });
  res.end();
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function bearer(req: IncomingMessage): string | undefined {
  const value = header(req, 'authorization');
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}

const API_ALLOWED_HEADERS =
  'apikey, authorization, x-client-info, x-supabase-api-version, content-type, accept, accept-profile, content-profile, prefer, range, x-retry-count, x-client-ip, x-jwt-aud';
const API_EXPOSED_HEADERS = 'X-Total-Count, Link, X-Supabase-Api-Version, Content-Range, x-sb-error-code';

/** CORS headers for API answers (origins are reflected; credentials allowed, as the Supabase gateway does). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = header(req, 'origin');
  return origin
    ? {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': API_EXPOSED_HEADERS,
        Vary: 'Origin',
      }
    : { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': API_EXPOSED_HEADERS };
}

/** Answers an OPTIONS preflight. */
export function preflight(
  req: IncomingMessage,
  res: ServerResponse,
  methods = 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
): void {
  const requested = header(req, 'access-control-request-headers');
  sendEmpty(res, 204, {
    ...corsHeaders(req),
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': requested && /^[\w\-, ]{0,1000}$/.test(requested) ? requested : API_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  });
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
