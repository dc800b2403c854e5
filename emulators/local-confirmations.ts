// Evening confirmation calls on the local platform: the production runner and handler (core/confirmations,
// supabase/functions/_shared/confirmations-handler.ts) over the platform's database, its Google stand-in
// and its own voice API, where a `visit-confirmation` assistant and a calling number are created on first
// use from the same template administrators deploy (core/confirmations/assistant-template.ts).
import { FUNCTION_NAMES, FUNCTIONS_PATH } from '../core/assistant/contract.ts';
import { googleCalendarPort } from '../core/calendar/google-calendar.ts';
import {
  VISIT_CONFIRMATION_ASSISTANT_NAME,
  visitConfirmationAssistant,
} from '../core/confirmations/assistant-template.ts';
import { CONFIRMATIONS_FUNCTION } from '../core/confirmations/contract.ts';
import { type ConfirmationStore, createConfirmationStore } from '../core/confirmations/store.ts';
import { createVoicePort } from '../core/confirmations/voice-port.ts';
import { LOCAL_CALL_TOKEN_SECRET, LOCAL_TOOLS_SECRET } from '../fixtures/local-secrets.ts';
import { SEED_TIME_ZONE } from '../fixtures/time.ts';
import { type BatchRunner, createBatchRunner } from '../supabase/functions/_shared/confirmation-runner.ts';
import type { PlatformContext } from './context.ts';
import { localGoogleAccess } from './local-google-access.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from './voice/keys.ts';

/** The agency's callback number on the local platform (a 555 number: never a real line). */
export const LOCAL_CALLBACK_NUMBER = '+13125550100';
export const LOCAL_CONFIRMATIONS_NUMBER_NAME = 'HomeRounds confirmations';

export interface LocalConfirmations {
  store: ConfirmationStore;
  runner: BatchRunner;
}

const cache = new WeakMap<PlatformContext, LocalConfirmations>();

/** Finds a voice resource by name, or creates it. */
async function ensureResource(ctx: PlatformContext, path: string, name: string, body: () => Record<string, unknown>) {
  const headers = { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}`, 'content-type': 'application/json' };
  const listed = await fetch(`${ctx.origin}${path}?name=${encodeURIComponent(name)}&limit=1`, { headers });
  const found = (await listed.json()) as unknown;
  const items = Array.isArray(found) ? found : ((found as { results?: unknown[] }).results ?? []);
  const first = items[0] as { id?: unknown } | undefined;
  if (typeof first?.id === 'string') return first.id;
  const created = await fetch(`${ctx.origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body()) });
  const resource = (await created.json()) as { id?: unknown; message?: unknown };
  if (!created.ok || typeof resource.id !== 'string') {
    throw new Error(`the local voice platform refused the ${name} resource: ${JSON.stringify(resource.message)}`);
  }
  return resource.id;
}

/** The platform's confirmation runner (one per platform: the origin is read per request). */
export function localConfirmations(ctx: PlatformContext): LocalConfirmations {
  let found = cache.get(ctx);
  if (found) return found;
  const store = createConfirmationStore((sql, params) => ctx.db.query(sql, params));
  const functions = () => `${ctx.origin}${FUNCTIONS_PATH}`;
  const runner = createBatchRunner({
    store,
    calendarFor: (userId) =>
      googleCalendarPort({
        baseUrl: ctx.origin,
        token: async (need) => (await localGoogleAccess(ctx).accessToken(userId, need)).accessToken,
        now: ctx.now,
      }),
    voice: {
      createCampaign: (body, signal) =>
        createVoicePort({ baseUrl: ctx.origin, apiKey: LOCAL_VOICE_PRIVATE_KEY }).createCampaign(body, signal),
      createCall: (body, signal) =>
        createVoicePort({ baseUrl: ctx.origin, apiKey: LOCAL_VOICE_PRIVATE_KEY }).createCall(body, signal),
    },
    assistantId: () =>
      ensureResource(ctx, '/assistant', VISIT_CONFIRMATION_ASSISTANT_NAME, () =>
        visitConfirmationAssistant({
          toolsUrl: `${functions()}/${FUNCTION_NAMES.assistantTools}`,
          reportUrl: `${functions()}/${CONFIRMATIONS_FUNCTION}/webhook`,
          secret: LOCAL_TOOLS_SECRET,
        }),
      ),
    phoneNumberId: () =>
      ensureResource(ctx, '/phone-number', LOCAL_CONFIRMATIONS_NUMBER_NAME, () => ({
        provider: 'vapi',
        name: LOCAL_CONFIRMATIONS_NUMBER_NAME,
      })),
    callTokenSecret: LOCAL_CALL_TOKEN_SECRET,
    defaultCallbackNumber: LOCAL_CALLBACK_NUMBER,
    defaultTimeZone: SEED_TIME_ZONE,
    now: ctx.now,
    log: ctx.log,
  });
  found = { store, runner };
  cache.set(ctx, found);
  return found;
}
