// GoTrue's error answers: `{code,message}` + X-Supabase-Api-Version + x-sb-error-code when the client
// sends the version header (auth-js always does), the legacy `{code,error_code,msg}` otherwise.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { corsHeaders, header, sendJson } from '../http.ts';

export const API_VERSION = '2024-01-01';

export function authError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extraHeaders: Record<string, string> = {},
): void {
  const versioned = /^\d{4}-\d{2}-\d{2}$/.test(header(req, 'x-supabase-api-version') ?? '');
  const headers = { ...corsHeaders(req), 'x-sb-error-code': code, ...extraHeaders };
  if (versioned) {
    sendJson(res, status, { code, message }, { ...headers, 'X-Supabase-Api-Version': API_VERSION });
    return;
  }
  const body: Record<string, unknown> = { code: status, error_code: code, msg: message };
  if (status >= 500) body.error_id = randomUUID();
  sendJson(res, status, body, headers);
}

/** OAuth-style error (always 400), e.g. a refresh grant without refresh_token. */
export function oauthError(req: IncomingMessage, res: ServerResponse, error: string, description: string): void {
  sendJson(res, 400, { error, error_description: description }, corsHeaders(req));
}

/** What the Supabase gateway (Kong) answers when the apikey is missing or unknown. */
export function gatewayKeyError(req: IncomingMessage, res: ServerResponse, missing: boolean): void {
  sendJson(
    res,
    401,
    { message: missing ? 'No API key found in request' : 'Invalid authentication credentials' },
    corsHeaders(req),
  );
}
