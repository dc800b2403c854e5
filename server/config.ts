// What the server needs to run, one shape for production and the local platform: production reads it from
// the Edge Functions' environment (serverConfigFromEnv, the deploy contract of docs/deploy-assistant.md);
// the local platform fills it with its own origin and development secrets (emulators/local-server.ts).
// Each function checks only the part it uses (configProblems), so a missing secret names itself at start.
import { FUNCTION_NAMES } from '../core/assistant/contract.ts';
import { DEFAULT_CALENDAR_BASE_URL } from '../core/calendar/events-request.ts';
import { CONFIRMATIONS_FUNCTION } from '../core/confirmations/contract.ts';
import { E164 } from '../core/confirmations/phone.ts';
import { LOCATIONS_FUNCTION } from '../core/geo/locations-contract.ts';
import { MILEAGE_FUNCTION } from '../core/mileage/contract.ts';
import { LINK_PATIENT_FUNCTION } from '../core/patients/link-contract.ts';
import { DRIVE_TIMES_FUNCTION } from '../core/routing/drive-times-contract.ts';
import { REORDER_FUNCTION } from '../core/routing/reorder-contract.ts';
import type { Now } from '../core/time/clock.ts';
import { isValidTimeZone } from '../core/time/zoned-time.ts';
import { GOOGLE_REVOKE_URL, GOOGLE_TOKEN_URL } from './google/oauth-client.ts';
import type { Fetch } from './http.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SqlQuery } from './sql.ts';

/** The Edge Functions the server answers, by the name they are deployed (and mounted locally) under. */
export const SERVER_FUNCTIONS = [
  FUNCTION_NAMES.callToken,
  FUNCTION_NAMES.googleToken,
  FUNCTION_NAMES.assistantTools,
  CONFIRMATIONS_FUNCTION,
  LOCATIONS_FUNCTION,
  REORDER_FUNCTION,
  LINK_PATIENT_FUNCTION,
  DRIVE_TIMES_FUNCTION,
  MILEAGE_FUNCTION,
] as const;
export type ServerFunction = (typeof SERVER_FUNCTIONS)[number];

/** The confirmation calls' zone when neither the clinician nor their calendar says one. */
export const FALLBACK_TIME_ZONE = 'America/Chicago';
export const DEFAULT_VOICE_API_URL = 'https://api.vapi.ai';

export interface ServerConfig {
  /** The Supabase project URL (no trailing slash): its Auth service verifies clinicians' sessions. */
  supabaseUrl: string;
  anonKey: string;
  /** The project's database as the table owner (RLS keeps every API role out of the server's tables). */
  query: SqlQuery;
  secrets: {
    /** What the voice platform sends with tool calls and reports (`X-Vapi-Secret`). */
    tools: string;
    /** Signs the call tokens that say which clinician (or which visit) a call is about. */
    callToken: string;
    /** Administrators' bearer secret for the confirmations API. */
    admin: string;
    /**
     * The HMAC secret of the confirmation report URL's platform credential (HOMEROUNDS_REPORT_SIGNING_SECRET,
     * optional): set, end-of-call reports must carry its signature and the server secret alone is refused.
     */
    reportSigning?: string;
  };
  google: {
    clientId: string;
    clientSecret: string;
    tokenUrl: string;
    revokeUrl: string;
    /** Base64 of 32 bytes: seals the refresh tokens kept in google_grants. */
    encryptionKey: string;
    /** Google Calendar API root. */
    calendarApiUrl: string;
  };
  voice: {
    apiUrl: string;
    /** The voice platform's private key (the confirmation calls are placed with it). */
    apiKey: string;
    /** The visit-confirmation assistant and the number it calls from (looked up when a batch needs them). */
    confirmationAssistantId: () => Promise<string>;
    confirmationPhoneNumberId: () => Promise<string>;
  };
  /**
   * Google's Geocoding API (GOOGLE_MAPS_API_KEY, server-side only); absent: the server has no geocoder
   * (`server.geocoder()` is null). `baseUrl` default https://maps.googleapis.com (the local platform: its own origin).
   */
  geocoding?: { apiKey: string; baseUrl?: string };
  /**
   * Google's Routes API, computeRouteMatrix (GOOGLE_ROUTES_API_KEY, server-side only; a setting of its own, not
   * GOOGLE_MAPS_API_KEY: sending patients' places to the Routes API is its own decision, and the geocoding key is
   * restricted to the Geocoding API). Absent: no road drive times (`server.travelTimes()` is null), the straight-line
   * estimate. `baseUrl` default https://routes.googleapis.com (the local platform: its own origin).
   */
  routes?: { apiKey: string; baseUrl?: string };
  /** The agency's callback number a patient hears when the clinician has set none (E.164). */
  callbackNumber: string;
  /** The zone used when a calendar does not say its own; unset: the tools ask the calendar, calls use FALLBACK_TIME_ZONE. */
  defaultTimeZone?: string;
  now: Now;
  /** Diagnostics only: never given tokens, secrets or health data. */
  log: (line: string) => void;
  /** Outbound HTTP (tests replace it); default the runtime's fetch. */
  fetch?: Fetch;
  /**
   * The rate limits' counter (server/rate-limit.ts); default this instance's buckets on `now`. Several instances
   * share limits by passing one counter over shared storage.
   */
  rateLimiter?: RateLimiter;
}

/** The settings each function refuses to start without, in the order the deploy docs list them. */
export const REQUIRED_SETTINGS: Record<ServerFunction, readonly string[]> = {
  // SUPABASE_DB_URL: the revocation generation signed into each token (sign-out ends them).
  'call-token': ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'HOMEROUNDS_CALL_TOKEN_SECRET', 'SUPABASE_DB_URL'],
  'google-token': [
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'SUPABASE_DB_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
  ],
  'assistant-tools': [
    'HOMEROUNDS_TOOLS_SECRET',
    'HOMEROUNDS_CALL_TOKEN_SECRET',
    'SUPABASE_DB_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
  ],
  confirmations: [
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'SUPABASE_DB_URL',
    'HOMEROUNDS_ADMIN_SECRET',
    'HOMEROUNDS_TOOLS_SECRET',
    'HOMEROUNDS_CALL_TOKEN_SECRET',
    'VAPI_API_KEY',
    'HOMEROUNDS_CONFIRMATION_ASSISTANT_ID',
    'HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID',
    'HOMEROUNDS_CALLBACK_NUMBER',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
  ],
  // GOOGLE_MAPS_API_KEY is optional: without it the function starts and answers 503 not_configured.
  locations: ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_DB_URL'],
  // Linking a patient's events: the same broker and grant as reorder-day, and the database (the patient list).
  'link-patient': [
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'SUPABASE_DB_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
  ],
  // "Use this order": the clinician's calendar through the broker's grant (written only with calendar-change consent).
  'reorder-day': [
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'SUPABASE_DB_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
  ],
  // The Route view's and the CLI's drive times: GOOGLE_ROUTES_API_KEY is optional (without it, the estimate, said so).
  'drive-times': ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_DB_URL'],
  // The mileage log: the calendar through the broker's grant (as reorder-day); geocoding and road drive times optional.
  mileage: [
    'SUPABASE_URL',
    'SUPABASE_ANON_KEY',
    'SUPABASE_DB_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
  ],
};

/** What is malformed in the settings `fn` uses, one sentence each; empty when it may serve. */
export function malformedSettings(fn: ServerFunction, config: ServerConfig): string[] {
  const problems: string[] = [];
  if (
    !['google-token', 'locations', 'reorder-day', 'drive-times', 'link-patient', 'mileage'].includes(fn) &&
    config.secrets.callToken.length < 32
  ) {
    problems.push(
      'HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters (the same value in every function: openssl rand -base64 48).',
    );
  }
  if (fn === 'confirmations' && config.secrets.admin.length < 24) {
    problems.push('HOMEROUNDS_ADMIN_SECRET must be at least 24 characters.');
  }
  if (
    fn === 'confirmations' &&
    config.secrets.reportSigning !== undefined &&
    config.secrets.reportSigning.length < 32
  ) {
    problems.push(
      'HOMEROUNDS_REPORT_SIGNING_SECRET must be at least 32 characters (the HMAC credential’s secret key).',
    );
  }
  if (fn === 'confirmations' && !E164.test(config.callbackNumber)) {
    problems.push('HOMEROUNDS_CALLBACK_NUMBER must be an E.164 number such as +13125550100.');
  }
  if ((fn === 'assistant-tools' || fn === 'confirmations') && config.defaultTimeZone !== undefined) {
    if (!isValidTimeZone(config.defaultTimeZone)) {
      problems.push('HOMEROUNDS_DEFAULT_TIME_ZONE is not an IANA time zone (e.g. America/Chicago).');
    }
  }
  return problems;
}

/** Why `fn` may not start from this environment, or null: missing settings first, then malformed ones. */
export function startProblem(
  fn: ServerFunction,
  read: (name: string) => string | undefined,
  config: ServerConfig,
): string | null {
  const missing = REQUIRED_SETTINGS[fn].filter((name) => !read(name)?.trim());
  if (missing.length > 0) {
    return `missing secrets: ${missing.join(', ')}. Set them with \`supabase secrets set NAME=value\`.`;
  }
  return malformedSettings(fn, config)[0] ?? null;
}

/** The runtime pieces production passes beside its environment. */
export interface ServerRuntime {
  query: SqlQuery;
  now: Now;
  log: (line: string) => void;
}

/**
 * The server's configuration from an Edge Function's environment (`supabase secrets set`; SUPABASE_URL,
 * SUPABASE_ANON_KEY and SUPABASE_DB_URL come with every function). Unset values are '' for configProblems.
 */
export function serverConfigFromEnv(read: (name: string) => string | undefined, runtime: ServerRuntime): ServerConfig {
  const env = (name: string) => read(name)?.trim() ?? '';
  const fixed = (name: string) => async () => env(name);
  return {
    supabaseUrl: env('SUPABASE_URL').replace(/\/+$/, ''),
    anonKey: env('SUPABASE_ANON_KEY'),
    query: runtime.query,
    secrets: {
      tools: env('HOMEROUNDS_TOOLS_SECRET'),
      callToken: env('HOMEROUNDS_CALL_TOKEN_SECRET'),
      admin: env('HOMEROUNDS_ADMIN_SECRET'),
      reportSigning: env('HOMEROUNDS_REPORT_SIGNING_SECRET') || undefined,
    },
    google: {
      clientId: env('GOOGLE_CLIENT_ID'),
      clientSecret: env('GOOGLE_CLIENT_SECRET'),
      tokenUrl: env('GOOGLE_TOKEN_URL') || GOOGLE_TOKEN_URL,
      revokeUrl: env('GOOGLE_REVOKE_URL') || GOOGLE_REVOKE_URL,
      encryptionKey: env('HOMEROUNDS_TOKEN_ENCRYPTION_KEY'),
      calendarApiUrl: env('GOOGLE_CALENDAR_API_URL') || DEFAULT_CALENDAR_BASE_URL,
    },
    voice: {
      apiUrl: env('VAPI_BASE_URL') || DEFAULT_VOICE_API_URL,
      apiKey: env('VAPI_API_KEY'),
      confirmationAssistantId: fixed('HOMEROUNDS_CONFIRMATION_ASSISTANT_ID'),
      confirmationPhoneNumberId: fixed('HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID'),
    },
    callbackNumber: env('HOMEROUNDS_CALLBACK_NUMBER'),
    geocoding: env('GOOGLE_MAPS_API_KEY') ? { apiKey: env('GOOGLE_MAPS_API_KEY') } : undefined,
    routes: env('GOOGLE_ROUTES_API_KEY') ? { apiKey: env('GOOGLE_ROUTES_API_KEY') } : undefined,
    defaultTimeZone: env('HOMEROUNDS_DEFAULT_TIME_ZONE') || undefined,
    now: runtime.now,
    log: runtime.log,
  };
}
