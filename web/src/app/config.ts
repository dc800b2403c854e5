// Runtime configuration from VITE_* variables (inlined at build time; public values only).
// With none set, the app talks to the local platform: the page's own origin serves Supabase Auth,
// PostgREST and the calendar stand-in, and the Supabase CLI's public local anon key is used.
import { LOCAL_ANON_KEY } from '../../../fixtures/local-keys.ts';

export const GOOGLE_CALENDAR_API_URL = 'https://www.googleapis.com';
export const CALENDAR_READONLY_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';
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
