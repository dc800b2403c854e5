// The server's deploy contract (server/config.ts): what each Edge Function reads from its environment, the
// defaults it falls back to, and the one sentence it refuses to start with when a setting is missing or wrong.
import { describe, expect, it } from 'vitest';
import { fixedNow } from '../../../core/time/clock.ts';
import {
  DEFAULT_VOICE_API_URL,
  REQUIRED_SETTINGS,
  SERVER_FUNCTIONS,
  type ServerFunction,
  serverConfigFromEnv,
  startProblem,
} from '../../../server/config.ts';
import { GOOGLE_REVOKE_URL, GOOGLE_TOKEN_URL } from '../../../server/google/oauth-client.ts';

const FULL: Record<string, string> = {
  SUPABASE_URL: 'https://project.supabase.co/',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_DB_URL: 'postgres://db',
  HOMEROUNDS_TOOLS_SECRET: 'tools-secret',
  HOMEROUNDS_CALL_TOKEN_SECRET: 'a-call-token-secret-of-more-than-32-chars',
  HOMEROUNDS_ADMIN_SECRET: 'an-admin-secret-of-24-chars-or-more',
  GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  HOMEROUNDS_TOKEN_ENCRYPTION_KEY: 'bG9jYWwtaG9tZXJvdW5kcy10b2tlbi1rZXktMzJieXQ=',
  VAPI_API_KEY: 'private',
  HOMEROUNDS_CONFIRMATION_ASSISTANT_ID: 'assistant-1',
  HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID: 'number-1',
  HOMEROUNDS_CALLBACK_NUMBER: '+13125550100',
};

const runtime = { query: async () => ({ rows: [] }), now: fixedNow(new Date(0)), log: () => {} };
const problemWith = (fn: ServerFunction, env: Record<string, string | undefined>) => {
  const read = (name: string) => env[name];
  return startProblem(fn, read, serverConfigFromEnv(read, runtime));
};

describe('server configuration from the Edge Functions environment', () => {
  it('reads every setting, trimmed, with the documented defaults for the optional ones', async () => {
    const config = serverConfigFromEnv((name) => (FULL[name] ? ` ${FULL[name]} ` : undefined), runtime);
    expect(config.supabaseUrl).toBe('https://project.supabase.co');
    expect(config.secrets).toEqual({
      tools: FULL.HOMEROUNDS_TOOLS_SECRET,
      callToken: FULL.HOMEROUNDS_CALL_TOKEN_SECRET,
      admin: FULL.HOMEROUNDS_ADMIN_SECRET,
    });
    expect(config.google).toMatchObject({
      tokenUrl: GOOGLE_TOKEN_URL,
      revokeUrl: GOOGLE_REVOKE_URL,
      calendarApiUrl: 'https://www.googleapis.com',
    });
    expect(config.voice.apiUrl).toBe(DEFAULT_VOICE_API_URL);
    expect(await config.voice.confirmationAssistantId()).toBe('assistant-1');
    expect(await config.voice.confirmationPhoneNumberId()).toBe('number-1');
    expect(config.defaultTimeZone).toBeUndefined();
  });

  it('every function starts with the full environment', () => {
    for (const fn of SERVER_FUNCTIONS) expect(problemWith(fn, FULL), fn).toBeNull();
  });

  it('a function names every missing setting it needs, and only those', () => {
    expect(problemWith('call-token', {})).toBe(
      'missing secrets: SUPABASE_URL, SUPABASE_ANON_KEY, HOMEROUNDS_CALL_TOKEN_SECRET, SUPABASE_DB_URL. Set them with `supabase secrets set NAME=value`.',
    );
    // google-token never signs call tokens: their secret is not asked of it.
    const { HOMEROUNDS_CALL_TOKEN_SECRET: _unused, ...withoutCallToken } = FULL;
    expect(problemWith('google-token', withoutCallToken)).toBeNull();
    for (const fn of SERVER_FUNCTIONS) {
      for (const name of REQUIRED_SETTINGS[fn]) {
        expect(problemWith(fn, { ...FULL, [name]: '  ' }), `${fn} without ${name}`).toContain(
          `missing secrets: ${name}.`,
        );
      }
    }
  });

  it('a setting present but malformed is refused with what to write instead', () => {
    expect(problemWith('assistant-tools', { ...FULL, HOMEROUNDS_CALL_TOKEN_SECRET: 'short' })).toContain(
      'HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters',
    );
    expect(problemWith('confirmations', { ...FULL, HOMEROUNDS_ADMIN_SECRET: 'short' })).toBe(
      'HOMEROUNDS_ADMIN_SECRET must be at least 24 characters.',
    );
    expect(problemWith('confirmations', { ...FULL, HOMEROUNDS_CALLBACK_NUMBER: '312-555-0100' })).toBe(
      'HOMEROUNDS_CALLBACK_NUMBER must be an E.164 number such as +13125550100.',
    );
    expect(problemWith('assistant-tools', { ...FULL, HOMEROUNDS_DEFAULT_TIME_ZONE: 'Central' })).toBe(
      'HOMEROUNDS_DEFAULT_TIME_ZONE is not an IANA time zone (e.g. America/Chicago).',
    );
    expect(problemWith('assistant-tools', { ...FULL, HOMEROUNDS_DEFAULT_TIME_ZONE: 'America/Chicago' })).toBeNull();
  });
});
