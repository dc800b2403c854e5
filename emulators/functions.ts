// Mounts the server's Web-standard handlers (server/index.ts) at the path production serves them,
// `/functions/v1/<name>`, on the local platform's Node server: the same code (rate limits included), other ports.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FUNCTIONS_PATH } from '../core/assistant/contract.ts';
import { SERVER_FUNCTIONS, type ServerFunction } from '../server/config.ts';
import type { Server } from '../server/index.ts';
import { readBody } from './http.ts';

const isServerFunction = (name: string): name is ServerFunction =>
  (SERVER_FUNCTIONS as readonly string[]).includes(name);

/** Answers `/functions/v1/<name>[/…]` with the named handler; false for any other path. */
export async function handleFunction(
  server: () => Server,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (!url.pathname.startsWith(`${FUNCTIONS_PATH}/`)) return false;
  const name = url.pathname.slice(FUNCTIONS_PATH.length + 1).split('/')[0] ?? '';
  const handler = isServerFunction(name) ? server().handler(name) : undefined;
  const method = req.method ?? 'GET';
  if (!handler) {
    req.resume();
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Requested function was not found' }));
    return true;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  // As Supabase's gateway does: the function learns the client's address from X-Forwarded-For (its rate limits'
  // fallback key, server/rate-limit-callers.ts), set here from the socket so a client cannot choose it.
  headers.set('x-forwarded-for', req.socket.remoteAddress ?? 'unknown');
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  const response = await handler(new Request(`${origin}${url.pathname}${url.search}`, { method, headers, body }));
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    out[key] = value;
  });
  const payload = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...out, 'Content-Length': String(payload.length) });
  res.end(method === 'HEAD' ? undefined : payload);
  return true;
}
