// Reading an Auth request: its JSON body (GoTrue's 400 bad_json when malformed) and UUID-shaped ids.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http.ts';
import { authError } from './errors.ts';

/** Ids (states, auth codes, users, sessions) are UUIDs: anything else is not looked up. */
export function looksLikeUuid(value: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(value);
}

/** The body as a JSON object (empty body: `{}`); otherwise answers 400 bad_json and returns undefined. */
export async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Record<string, unknown> | undefined> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  authError(req, res, 400, 'bad_json', 'Could not parse request body as JSON');
  return undefined;
}
