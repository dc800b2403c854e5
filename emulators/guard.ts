// Who may talk to the local platform. Every request (and WebSocket upgrade) must name a configured host
// in its Host header — loopback names by default — so a page on another site cannot reach the platform
// through a DNS-rebound name. State-changing requests from a browser page of another origin are refused
// when they could have been sent without a CORS preflight (a cross-site form: urlencoded, multipart,
// text/plain); /__local/* additionally requires JSON and, when a browser sends an Origin, a local origin
// or the local secret (`X-HomeRounds-Local-Secret`).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Names that always reach this machine only (`*.localhost` resolves to loopback in browsers, RFC 6761). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'] as const;
export const LOCAL_SECRET_HEADER = 'x-homerounds-local-secret';

export interface HostPolicy {
  /** Lowercase host names (IPv6 without brackets); an entry starting with `.` matches its subdomains. */
  readonly allowed: ReadonlySet<string>;
  /** Accepted in LOCAL_SECRET_HEADER by /__local/* from any origin. */
  readonly localSecret: string;
  /** The origin the platform advertises (sign-in redirects, token issuer), without a trailing slash. */
  readonly advertisedHost: string | undefined;
  /** Printed at startup (listening on every interface). */
  readonly warning: string | undefined;
}

/** True for the "every interface" listen addresses. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]' || host === '';
}

function normaliseName(name: string): string {
  let value = name.trim().toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  if (value.endsWith('.') && value.length > 1) value = value.slice(0, -1);
  return value;
}

/** Splits an ALLOWED_HOSTS value (commas or spaces) into names. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The policy for a server listening on `host`. Loopback names are always allowed; a specific listen
 * address is allowed too; `0.0.0.0`/`::` needs an explicit list (else it throws, saying what to set).
 */
export function createHostPolicy(options: {
  host: string;
  allowedHosts?: readonly string[];
  localSecret?: string;
}): HostPolicy {
  const explicit = (options.allowedHosts ?? []).map(normaliseName).filter(Boolean);
  for (const name of explicit) {
    if (!/^\.?[a-z0-9.\-:_]+$/.test(name) || name === '*') {
      throw new Error(`ALLOWED_HOSTS: "${name}" is not a host name or IP address (wildcards: ".example.lan").`);
    }
  }
  const allowed = new Set<string>([...LOOPBACK_HOSTS, '.localhost', ...explicit]);
  let warning: string | undefined;
  let advertisedHost: string | undefined;
  if (isWildcardHost(options.host)) {
    const usable = explicit.filter((name) => !name.startsWith('.'));
    if (usable.length === 0) {
      throw new Error(
        `HOST=${options.host || '""'} listens on every network interface, so any machine that can reach this one could use ` +
          'the local platform (sessions, tokens, reset). Name the hosts other machines use to reach it, e.g. ' +
          `ALLOWED_HOSTS=devbox.lan,192.168.1.20 HOST=${options.host || '0.0.0.0'} npm start — or use HOST=127.0.0.1.`,
      );
    }
    advertisedHost = usable[0];
    warning =
      `listening on every network interface (HOST=${options.host}): any machine on the network that reaches ` +
      `${usable.join(', ')} can use this local platform with its well-known keys. Use it on trusted networks only.`;
  } else {
    allowed.add(normaliseName(options.host));
  }
  return {
    allowed,
    localSecret: options.localSecret || randomBytes(24).toString('base64url'),
    advertisedHost,
    warning,
  };
}

/** The host name of a Host header (`name:port`, `[v6]:port`), lowercase; undefined when malformed. */
export function hostnameOfHostHeader(value: string | undefined): string | undefined {
  if (!value || value.length > 300) return undefined;
  const text = value.trim().toLowerCase();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return undefined;
    const rest = text.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    const v6 = text.slice(1, end);
    return isIP(v6) === 6 ? v6 : undefined;
  }
  const match = /^([a-z0-9.\-_]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  return normaliseName(match[1] as string);
}

export function isAllowedHostname(policy: HostPolicy, hostname: string | undefined): boolean {
  if (!hostname) return false;
  if (policy.allowed.has(hostname)) return true;
  for (const entry of policy.allowed) {
    if (entry.startsWith('.') && hostname.endsWith(entry) && hostname.length > entry.length) return true;
  }
  return false;
}

/** The request's Host header names a configured host. */
export function hostAllowed(policy: HostPolicy, req: IncomingMessage): boolean {
  return isAllowedHostname(policy, hostnameOfHostHeader(req.headers.host));
}

/** An Origin header value that names a configured host (`null` and other schemes are foreign). */
export function isLocalOrigin(policy: HostPolicy, origin: string): boolean {
  if (origin === 'null') return false;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return isAllowedHostname(policy, normaliseName(url.hostname));
  } catch {
    return false;
  }
}

function single(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The request comes from a browser page of a foreign origin: its Origin names another host (or is
 * `null`), or, without Origin, the browser marked it `Sec-Fetch-Site: cross-site`. Non-browser clients
 * (the CLI, curl) send neither and are not foreign.
 */
export function isForeignOrigin(policy: HostPolicy, req: IncomingMessage): boolean {
  const origin = single(req, 'origin');
  if (origin !== undefined) return !isLocalOrigin(policy, origin);
  return single(req, 'sec-fetch-site') === 'cross-site';
}

/** A content type a cross-site page can send without a CORS preflight (an HTML form, a text/plain fetch). */
export function isSimpleContentType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === '' ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'multipart/form-data' ||
    type === 'text/plain'
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request a cross-site form (or simple fetch) could have sent: refused. */
export function isCrossSiteWrite(policy: HostPolicy, req: IncomingMessage): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  return isSimpleContentType(single(req, 'content-type')) && isForeignOrigin(policy, req);
}

/** The request carries the local secret. */
export function hasLocalSecret(policy: HostPolicy, req: IncomingMessage): boolean {
  const given = single(req, LOCAL_SECRET_HEADER);
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(policy.localSecret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a `/__local/*` request is refused, or undefined when it may proceed: writes must be JSON, and a
 * browser page must be local (or hold the secret). Reads (GET/HEAD) only pass the Host check; browsers
 * do not let foreign pages read them (no CORS grant).
 */
export function localHookRefusal(
  policy: HostPolicy,
  req: IncomingMessage,
): { status: 403 | 415; message: string } | undefined {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return undefined;
  if (!/^application\/json\s*(;|$)/i.test(single(req, 'content-type') ?? '')) {
    return { status: 415, message: 'Content-Type must be application/json' };
  }
  if (isForeignOrigin(policy, req) && !hasLocalSecret(policy, req)) {
    return {
      status: 403,
      message: `Local hooks answer only pages of this platform's origin (or requests with the ${LOCAL_SECRET_HEADER} header)`,
    };
  }
  return undefined;
}
