// Runtime configuration from VITE_* variables (inlined at build time; public values only).
// With none set, the app talks to the local platform: the page's own origin serves Supabase Auth,
// PostgREST and the calendar stand-in, and the Supabase CLI's public local anon key is used.
import { LOCAL_ANON_KEY, LOCAL_VOICE_PUBLIC_KEY } from '../../../config/local-platform.ts';

export const GOOGLE_CALENDAR_API_URL = 'https://www.googleapis.com';
export { CALENDAR_READONLY_SCOPE } from '../../../core/google/access.ts';
export const SUPPORT_EMAIL = 'support@homerounds.app';

export interface AppConfig {
  /** 'local' when no Supabase URL is configured (the local platform on the page's origin). */
  mode: 'local' | 'hosted';
  supabaseUrl: string;
  supabaseAnonKey: string;
  calendarApiUrl: string;
  vapiPublicKey: string | null;
  vapiAssistantId: string | null;
}

export interface ConfigEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_CALENDAR_API_URL?: string;
  VITE_VAPI_PUBLIC_KEY?: string;
  VITE_VAPI_ASSISTANT_ID?: string;
}

function clean(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function readConfig(env: ConfigEnv, origin: string): AppConfig {
  const supabaseUrl = clean(env.VITE_SUPABASE_URL);
  const calendarApiUrl = clean(env.VITE_CALENDAR_API_URL);
  return {
    mode: supabaseUrl ? 'hosted' : 'local',
    supabaseUrl: withoutTrailingSlash(supabaseUrl ?? origin),
    supabaseAnonKey: clean(env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY,
    calendarApiUrl: withoutTrailingSlash(calendarApiUrl ?? (supabaseUrl ? GOOGLE_CALENDAR_API_URL : origin)),
    vapiPublicKey: clean(env.VITE_VAPI_PUBLIC_KEY),
    vapiAssistantId: clean(env.VITE_VAPI_ASSISTANT_ID),
  };
}

/** The configuration of this page: build-time env plus the page's origin. */
export function browserConfig(): AppConfig {
  return readConfig(
    {
      VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
      VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
      VITE_CALENDAR_API_URL: import.meta.env.VITE_CALENDAR_API_URL,
      VITE_VAPI_PUBLIC_KEY: import.meta.env.VITE_VAPI_PUBLIC_KEY,
      VITE_VAPI_ASSISTANT_ID: import.meta.env.VITE_VAPI_ASSISTANT_ID,
    },
    window.location.origin,
  );
}

// ─── Voice and chat assistant ────────────────────────────────────────────────────────────────────────

/** The voice platform's public API (the SDK's default base URL). */
export const VAPI_API_URL = 'https://api.vapi.ai';
/**
 * The local platform's assistant (emulators/assistant answers it). The local voice API knows no saved
 * assistant by this id, so the local client creates its web calls with a transient assistant instead.
 */
export const LOCAL_ASSISTANT_ID = 'homerounds-local-assistant';

export interface VoiceConfig {
  /** 'vapi': @vapi-ai/web against the platform; 'local': our machine-built client against the local platform. */
  mode: 'vapi' | 'local';
  /** Base URL of /call/web and /chat/web (no trailing slash). */
  apiBaseUrl: string;
  publicKey: string | null;
  assistantId: string | null;
}

export interface VoiceConfigEnv extends ConfigEnv {
  VITE_VAPI_API_URL?: string;
}

/** Only for browser tests on the local platform: set before the app loads (never read in production). */
export interface TestConfigOverride {
  voice?: { publicKey?: string | null; assistantId?: string | null };
}

/**
 * The voice configuration. With a public key configured, production (`@vapi-ai/web`); with none on the
 * local platform (no Supabase URL either), the page's origin with the local public key and the local
 * assistant. The test override is honoured only in that local mode, so a production build ignores it.
 */
export function readVoiceConfig(env: VoiceConfigEnv, origin: string, override?: TestConfigOverride): VoiceConfig {
  const publicKey = clean(env.VITE_VAPI_PUBLIC_KEY);
  if (publicKey) {
    return {
      mode: 'vapi',
      apiBaseUrl: withoutTrailingSlash(clean(env.VITE_VAPI_API_URL) ?? VAPI_API_URL),
      publicKey,
      assistantId: clean(env.VITE_VAPI_ASSISTANT_ID),
    };
  }
  // A hosted deployment without a voice key has no local platform to fall back to: the widget then
  // shows the missing-credentials message.
  if (clean(env.VITE_SUPABASE_URL)) {
    return {
      mode: 'vapi',
      apiBaseUrl: withoutTrailingSlash(clean(env.VITE_VAPI_API_URL) ?? VAPI_API_URL),
      publicKey: null,
      assistantId: clean(env.VITE_VAPI_ASSISTANT_ID),
    };
  }
  const local: VoiceConfig = {
    mode: 'local',
    apiBaseUrl: withoutTrailingSlash(origin),
    publicKey: LOCAL_VOICE_PUBLIC_KEY,
    assistantId: clean(env.VITE_VAPI_ASSISTANT_ID) ?? LOCAL_ASSISTANT_ID,
  };
  const voice = override?.voice;
  if (voice) {
    if (voice.publicKey !== undefined) local.publicKey = voice.publicKey;
    if (voice.assistantId !== undefined) local.assistantId = voice.assistantId;
  }
  return local;
}

/** The voice configuration of this page. */
export function browserVoiceConfig(): VoiceConfig {
  const override = (window as { __HOMEROUNDS_TEST_CONFIG__?: TestConfigOverride }).__HOMEROUNDS_TEST_CONFIG__;
  return readVoiceConfig(
    {
      VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
      VITE_VAPI_PUBLIC_KEY: import.meta.env.VITE_VAPI_PUBLIC_KEY,
      VITE_VAPI_ASSISTANT_ID: import.meta.env.VITE_VAPI_ASSISTANT_ID,
      VITE_VAPI_API_URL: import.meta.env.VITE_VAPI_API_URL,
    },
    window.location.origin,
    override,
  );
}
