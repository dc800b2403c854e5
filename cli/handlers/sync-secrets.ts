// Secrets in exported files: `export` writes every known secret field (twilioAuthToken, server.secret, an inline
// credential's apiKey, an Authorization or X-Vapi-Secret header…) as a `${env:NAME}` reference, and `apply` fills
// the references from the environment before anything is sent. The tools server's header keeps its own
// placeholder (`${HOMEROUNDS_TOOLS_SECRET}`, filled by --tools-secret). Values shown to a person (the dry-run diff)
// are masked here too.
import { TOOLS_SECRET_HEADER, TOOLS_SECRET_PLACEHOLDER } from '../templates/tools-server.ts';

export type Path = ReadonlyArray<string | number>;

/**
 * Field names (any case) that hold a secret in the platform's schemas (both OpenAPI documents: phone-number
 * providers, inline credentials, server auth plans, OAuth2 and HMAC credentials).
 */
const SECRET_FIELDS = new Set(
  [
    'secret',
    'apiKey',
    'apiSecret',
    'authToken',
    'authPassword',
    'accessToken',
    'refreshToken',
    'clientSecret',
    'hmacSecret',
    'jwtSecret',
    'password',
    'privateKey',
    'secretKey',
    'secretAccessKey',
    'awsSecretAccessKey',
    'sessionToken',
    'token',
    'twilioApiKey',
    'twilioApiSecret',
    'twilioAuthToken',
    'vonageApiSecret',
    'vonageApplicationPrivateKey',
  ].map((f) => f.toLowerCase()),
);
/** Header names that carry a credential (`headers.Authorization`, `headers.X-Api-Key`, `headers.X-Vapi-Secret`…). */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie)$|secret|token|api-?key|password|signature/i;
/** `${env:NAME}`: a value `apply` takes from the environment. */
const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
export const MASK = '***';

export function isSecretPath(path: Path): boolean {
  const last = path.at(-1);
  if (typeof last !== 'string') return false;
  if (path.at(-2) === 'headers') return SECRET_HEADER.test(last);
  return SECRET_FIELDS.has(last.toLowerCase());
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `a.b[0].c` for messages and the dry-run diff. */
export function showPath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** `twilioAuthToken` → `TWILIO_AUTH_TOKEN`, `front-desk~2` → `FRONT_DESK_2`. */
function envPart(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

/** An array element's stable label for a variable name: its function name, name or provider; else its index. */
function labelOf(node: unknown, index: number): string {
  if (isObject(node)) {
    const fn = node.function as { name?: unknown } | undefined;
    for (const label of [fn?.name, node.name, node.provider]) if (typeof label === 'string' && label) return label;
  }
  return String(index);
}

export interface SecretsOut<T> {
  body: T;
  /** The variables the body now needs, in order. */
  env: string[];
  /** Secret fields left out (no string value to stand for): apply keeps the platform's value there. */
  omitted: string[];
}

/**
 * Replaces every secret in a resource by a reference: `${HOMEROUNDS_TOOLS_SECRET}` for the tools server's
 * header, `${env:<KIND>_<KEY>_<PATH>}` for anything else (`PHONE_NUMBER_MAIN_LINE_TWILIO_AUTH_TOKEN`). A
 * value that already is a reference stays; a secret that is not a string is left out and listed.
 */
export function secretsToEnv<T>(body: T, prefix: readonly string[]): SecretsOut<T> {
  const env: string[] = [];
  const omitted: string[] = [];
  const used = new Set<string>();
  const walk = (node: unknown, path: Array<string | number>, labels: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, i], [...labels, labelOf(item, i)]));
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const at = [...path, key];
      if (!isSecretPath(at) || value === null || value === undefined || value === '') {
        out[key] = walk(value, at, [...labels, key]);
        continue;
      }
      if (typeof value !== 'string') {
        omitted.push(showPath(at));
        continue;
      }
      if (/^\$\{[^}]+\}$/.test(value)) {
        out[key] = value;
        continue;
      }
      if (path.at(-1) === 'headers' && key.toLowerCase() === TOOLS_SECRET_HEADER.toLowerCase()) {
        out[key] = TOOLS_SECRET_PLACEHOLDER;
        continue;
      }
      const base = [...prefix, ...labels, key].map(envPart).filter(Boolean).join('_');
      let name = /^[0-9]/.test(base) ? `_${base}` : base;
      for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
      used.add(name);
      env.push(name);
      out[key] = `\${env:${name}}`;
    }
    return out;
  };
  return { body: walk(body, [], []) as T, env, omitted };
}

/** The `${env:NAME}` variables a body uses. */
export function envRefsIn(body: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') for (const m of node.matchAll(ENV_REF)) found.add(m[1] as string);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) Object.values(node).forEach(walk);
  };
  walk(body);
  return [...found];
}

/** Fills `${env:NAME}` from `env`; the caller has checked with `envRefsIn` that every one is set. */
export function fillEnvRefs<T>(body: T, env: Record<string, string | undefined>): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return node.replace(ENV_REF, (_m, name: string) => env[name] ?? '');
    if (Array.isArray(node)) return node.map(walk);
    if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(body) as T;
}

/** The body with every secret that is not a `${…}` reference shown as `***` (what a person may see). */
export function maskSecrets<T>(body: T): T {
  const walk = (node: unknown, path: Array<string | number>): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, i]));
    if (!isObject(node)) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        const at = [...path, key];
        if (isSecretPath(at) && value !== null && value !== undefined && value !== '') {
          return [key, typeof value === 'string' && /^\$\{[^}]+\}$/.test(value) ? value : MASK];
        }
        return [key, walk(value, at)];
      }),
    );
  };
  return walk(body, []) as T;
}
