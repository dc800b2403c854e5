// Where the home-visit-scheduler's tools go: the tools server (the assistant-tools Edge Function) and how
// the voice platform authenticates to it, plus the placeholders a template saved into a folder keeps for
// `apply` to fill in (`${HOMEROUNDS_TOOLS_URL}`, `${HOMEROUNDS_TOOLS_SECRET}`), so the secret never lands in
// a file or on a screen. No dependency on the tools themselves: `apply` and `export` load only this.
//
// Where the tools server is: --tools-url, else --local (the local platform's /functions/v1/assistant-tools),
// else HOMEROUNDS_TOOLS_URL, else SUPABASE_URL + /functions/v1/assistant-tools. The secret: --tools-secret,
// else HOMEROUNDS_TOOLS_SECRET, else (--local) the local platform's development secret; or a platform
// credential (--tools-credential-id) in place of a secret.

import { LOCAL_PLATFORM_URL } from '../../config/local-platform.ts';
import { FUNCTION_NAMES, FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import { CONFIRMATIONS_FUNCTION } from '../../core/confirmations/contract.ts';
import { type LocalCredentials, localCredentials } from '../config/local-credentials.ts';
import { usageError } from '../errors.ts';

/** Replaced by `apply` (and `assistant create --template`) with the tools server's URL. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder in a file, filled in by apply.
export const TOOLS_URL_PLACEHOLDER = '${HOMEROUNDS_TOOLS_URL}';
/** Replaced by `apply` (and `assistant create --template`) with the server secret; never printed. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder in a file, filled in by apply.
export const TOOLS_SECRET_PLACEHOLDER = '${HOMEROUNDS_TOOLS_SECRET}';
/**
 * Replaced by `apply` (and `assistant create --template`) with the confirmations function's webhook beside the
 * tools server (the visit-confirmation template's end-of-call reports), so a saved template needs only the tools URL.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder in a file, filled in by apply.
export const REPORT_URL_PLACEHOLDER = '${HOMEROUNDS_REPORT_URL}';
/** The header the voice platform has always sent the server secret in; the tools server checks it. */
export const TOOLS_SECRET_HEADER = 'X-Vapi-Secret';
/** How long the platform waits for a tool's answer (the platform's default; a Google round trip takes < 2 s). */
export const TOOLS_TIMEOUT_SECONDS = 20;

/** The tools server's URL under a Supabase project URL (or the local platform's origin). */
export function toolsUrlOf(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${FUNCTIONS_PATH}/${FUNCTION_NAMES.assistantTools}`;
}

/** The confirmations webhook beside a tools server at `…/functions/v1/assistant-tools`; null for any other URL. */
export function reportUrlOf(toolsUrl: string): string | null {
  const tools = `${FUNCTIONS_PATH}/${FUNCTION_NAMES.assistantTools}`;
  const url = toolsUrl.replace(/\/+$/, '');
  if (!url.endsWith(tools) || !/^https?:\/\//.test(url)) return null;
  return `${url.slice(0, -tools.length)}${FUNCTIONS_PATH}/${CONFIRMATIONS_FUNCTION}/webhook`;
}

/** Where the tools are sent, and how the platform proves it is the caller. */
export interface ToolsServer {
  url: string;
  /** The server secret, sent in the `X-Vapi-Secret` header (or the placeholder). */
  secret?: string;
  /** A platform credential (bearer, header `X-Vapi-Secret`, no prefix) used instead of an inline secret. */
  credentialId?: string;
}

/**
 * A function tool's `server` (the `Server` schema of the current OpenAPI document). That document has no
 * `server.secret` any more (the legacy field the platform sent as `X-Vapi-Secret`); it authenticates a
 * server by `credentialId` (a stored credential: bearer token in a chosen header, HMAC or OAuth2) or sends
 * static `headers`. The default is the header: one self-contained assistant, created or applied in one
 * request, that the tools server checks as it always did. With `credentialId` the secret lives only in the
 * platform's credential store (created once with `homerounds credential create`, see
 * docs/deploy-assistant.md) and never in the assistant.
 */
export function toolsServerBody(server: ToolsServer): Record<string, unknown> {
  const body: Record<string, unknown> = { url: server.url, timeoutSeconds: TOOLS_TIMEOUT_SECONDS };
  if (server.credentialId) body.credentialId = server.credentialId;
  else if (server.secret) body.headers = { [TOOLS_SECRET_HEADER]: server.secret };
  return body;
}

export const REDACTED = '[REDACTED]';

/** The options that say where a template's tools go (`template show`, `assistant create --template`, `apply`). */
export interface ToolsServerFlags {
  toolsUrl?: string;
  toolsSecret?: string;
  toolsCredentialId?: string;
  local?: boolean;
  baseUrl?: string;
}

export interface ResolvedToolsServer {
  url?: string;
  urlSource?: 'flag' | 'local' | 'HOMEROUNDS_TOOLS_URL' | 'SUPABASE_URL';
  secret?: string;
  secretSource?: 'flag' | 'HOMEROUNDS_TOOLS_SECRET' | 'local';
  credentialId?: string;
}

function checkUrl(url: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`${source} must be an http(s) URL (got "${url.slice(0, 200)}")`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw usageError(`${source} must be an http(s) URL (got "${url.slice(0, 200)}")`);
  }
  return url;
}

/**
 * Where the tools server is and how the platform proves itself to it. With `--local` and no other secret, the
 * local platform's secret is asked of the running platform (`local`; false: leave it out, for a body only shown).
 */
export async function resolveToolsServer(
  flags: ToolsServerFlags,
  env: Record<string, string | undefined>,
  local: ((origin: string) => Promise<Pick<LocalCredentials, 'toolsSecret'>>) | false = localCredentials,
): Promise<ResolvedToolsServer> {
  const out: ResolvedToolsServer = {};
  const localOrigin = flags.baseUrl ?? env.HOMEROUNDS_LOCAL_URL ?? LOCAL_PLATFORM_URL;
  if (flags.toolsUrl) {
    out.url = checkUrl(flags.toolsUrl, '--tools-url');
    out.urlSource = 'flag';
  } else if (flags.local) {
    out.url = toolsUrlOf(localOrigin);
    out.urlSource = 'local';
  } else if (env.HOMEROUNDS_TOOLS_URL) {
    out.url = checkUrl(env.HOMEROUNDS_TOOLS_URL, 'HOMEROUNDS_TOOLS_URL');
    out.urlSource = 'HOMEROUNDS_TOOLS_URL';
  } else if (env.SUPABASE_URL) {
    out.url = toolsUrlOf(checkUrl(env.SUPABASE_URL, 'SUPABASE_URL'));
    out.urlSource = 'SUPABASE_URL';
  }
  if (flags.toolsCredentialId !== undefined) {
    if (!flags.toolsCredentialId.trim()) throw usageError('--tools-credential-id must not be empty');
    if (flags.toolsSecret) throw usageError('give --tools-secret or --tools-credential-id, not both');
    out.credentialId = flags.toolsCredentialId.trim();
  } else if (flags.toolsSecret !== undefined) {
    if (!flags.toolsSecret) throw usageError('--tools-secret must not be empty');
    out.secret = flags.toolsSecret;
    out.secretSource = 'flag';
  } else if (env.HOMEROUNDS_TOOLS_SECRET) {
    out.secret = env.HOMEROUNDS_TOOLS_SECRET;
    out.secretSource = 'HOMEROUNDS_TOOLS_SECRET';
  } else if (flags.local && local) {
    out.secret = (await local(localOrigin.replace(/\/+$/, ''))).toolsSecret;
    out.secretSource = 'local';
  }
  return out;
}

const PLACEHOLDERS = [TOOLS_URL_PLACEHOLDER, TOOLS_SECRET_PLACEHOLDER, REPORT_URL_PLACEHOLDER] as const;

function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  }
  return value;
}

/** Which placeholders a body uses. */
export function placeholdersIn(body: unknown): string[] {
  const found = new Set<string>();
  mapStrings(body, (text) => {
    for (const p of PLACEHOLDERS) if (text.includes(p)) found.add(p);
    return text;
  });
  return PLACEHOLDERS.filter((p) => found.has(p));
}

/**
 * Replaces `${HOMEROUNDS_TOOLS_URL}` and `${HOMEROUNDS_TOOLS_SECRET}` in every string of a body. A
 * placeholder with no value is a usage error (nothing is sent). A secret placeholder with a credential id
 * instead of a secret is refused too: the file says to send a header.
 */
export function fillToolsPlaceholders<T>(body: T, tools: ResolvedToolsServer, where: string): T {
  const used = placeholdersIn(body);
  const missing: string[] = [];
  if (used.includes(TOOLS_URL_PLACEHOLDER) && !tools.url) {
    missing.push(`${TOOLS_URL_PLACEHOLDER} (give --tools-url, or set HOMEROUNDS_TOOLS_URL or SUPABASE_URL)`);
  }
  if (used.includes(TOOLS_SECRET_PLACEHOLDER) && !tools.secret) {
    missing.push(
      tools.credentialId
        ? `${TOOLS_SECRET_PLACEHOLDER} (the file sends the secret as a header: replace its server.headers with credentialId)`
        : `${TOOLS_SECRET_PLACEHOLDER} (give --tools-secret or set HOMEROUNDS_TOOLS_SECRET)`,
    );
  }
  const reportUrl = tools.url ? reportUrlOf(tools.url) : null;
  if (used.includes(REPORT_URL_PLACEHOLDER) && !reportUrl) {
    missing.push(
      `${REPORT_URL_PLACEHOLDER} (it is the tools URL's .../functions/v1/confirmations/webhook: give a tools URL ending in ${FUNCTIONS_PATH}/${FUNCTION_NAMES.assistantTools}, or write the URL into the file)`,
    );
  }
  if (missing.length) throw usageError(`${where}: no value for ${missing.join('; ')}`);
  if (used.length === 0) return body;
  return mapStrings(body, (text) =>
    text
      .split(TOOLS_URL_PLACEHOLDER)
      .join(tools.url ?? TOOLS_URL_PLACEHOLDER)
      .split(TOOLS_SECRET_PLACEHOLDER)
      .join(tools.secret ?? TOOLS_SECRET_PLACEHOLDER)
      .split(REPORT_URL_PLACEHOLDER)
      .join(reportUrl ?? REPORT_URL_PLACEHOLDER),
  ) as T;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Replaces the value of every `X-Vapi-Secret` header (any case) under a `headers` object, wherever it is
 * (a tool's or the assistant's `server`), by `replacement`: `[REDACTED]` for what is printed, the
 * placeholder for what `export` writes to a file.
 */
export function maskServerSecrets<T>(value: T, replacement: string = REDACTED): T {
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (!isObject(node)) return node;
    const entries = Object.entries(node).map(([k, v]) => {
      if (key === 'headers' && k.toLowerCase() === TOOLS_SECRET_HEADER.toLowerCase() && typeof v === 'string') {
        return [k, replacement];
      }
      return [k, walk(v, k)];
    });
    return Object.fromEntries(entries);
  };
  return walk(value) as T;
}
