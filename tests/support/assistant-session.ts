// A clinician signed in as the web app signs in (offline Google access, the refresh token handed to the
// token broker), with a call token from the call-token function: what a conversation with the local
// assistant needs. `write` grants event write access too (the incremental consent).

import { LOCAL_ANON_KEY, LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALL_TOKEN_VARIABLE, FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import { CALENDAR_EVENTS_SCOPE, CALENDAR_READONLY_SCOPE } from '../../core/google/access.ts';
import { signIn } from './local-platform.ts';

export interface AssistantSession {
  accessToken: string;
  callToken: string;
}

async function fn(url: string, name: string, method: string, accessToken: string, body?: unknown): Promise<Response> {
  return fetch(`${url}${FUNCTIONS_PATH}/${name}`, {
    method,
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function assistantSession(
  platform: { url: string },
  email: string,
  options: { write?: boolean } = {},
): Promise<AssistantSession> {
  const scopes = options.write ? `${CALENDAR_READONLY_SCOPE} ${CALENDAR_EVENTS_SCOPE}` : CALENDAR_READONLY_SCOPE;
  const { session } = await signIn(platform, email, {
    scopes,
    queryParams: { access_type: 'offline', prompt: 'consent' },
  });
  const refreshToken = session.provider_refresh_token;
  if (!refreshToken) throw new Error('sign-in gave no provider_refresh_token');
  const stored = await fn(platform.url, 'google-token', 'PUT', session.access_token, { refreshToken });
  if (!stored.ok) throw new Error(`storing the grant failed: ${stored.status} ${await stored.text()}`);
  const minted = await fn(platform.url, 'call-token', 'POST', session.access_token);
  if (!minted.ok) throw new Error(`no call token: ${minted.status} ${await minted.text()}`);
  const { callToken } = (await minted.json()) as { callToken: string };
  return { accessToken: session.access_token, callToken };
}

export interface ChatTurn {
  status: number;
  id: string;
  reply: string;
  toolResults: Array<{ name: string; content: string }>;
  body: Record<string, unknown>;
}

/** One chat turn as the web app sends it: public key, call token in the assistant overrides. */
export async function chat(
  url: string,
  input: string,
  options: { callToken?: string | null; previousChatId?: string; publicKey?: string } = {},
): Promise<ChatTurn> {
  const payload: Record<string, unknown> = { assistantId: 'homerounds-local-assistant', input };
  if (options.callToken) payload.assistantOverrides = { variableValues: { [CALL_TOKEN_VARIABLE]: options.callToken } };
  if (options.previousChatId) payload.previousChatId = options.previousChatId;
  const response = await fetch(`${url}/chat/web`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.publicKey ?? LOCAL_VOICE_PUBLIC_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as Record<string, unknown>;
  const output = (body.output as Array<{ role: string; content: string; name?: string }> | undefined) ?? [];
  return {
    status: response.status,
    id: String(body.id ?? ''),
    reply: output
      .filter((m) => m.role === 'assistant')
      .map((m) => m.content)
      .join('\n'),
    toolResults: output.filter((m) => m.role === 'tool').map((m) => ({ name: m.name ?? '', content: m.content })),
    body,
  };
}
