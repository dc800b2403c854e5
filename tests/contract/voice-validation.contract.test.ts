// The local voice platform refuses what the hosted platform refuses (schemas derived from its published OpenAPI
// document, core/voice-platform/validate-request.ts), with its 400 body: `{statusCode, message: [...], error}`.
// Each example of the issue is refused; the same bodies made valid are accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiError } from '../../cli/api/client.ts';
import { LOCAL_VOICE_PRIVATE_KEY, startVoicePlatform, type VoicePlatform } from '../support/voice-platform.ts';

let platform: VoicePlatform;
let api: ApiClient;

beforeAll(async () => {
  platform = await startVoicePlatform({ standalone: true });
  api = new ApiClient({ baseUrl: platform.url, apiKey: LOCAL_VOICE_PRIVATE_KEY, retries: 0 });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await platform?.close();
});

async function refused(method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) {
  const error = (await api.request({ method, path, body }).then(
    () => undefined,
    (e: unknown) => e,
  )) as ApiError | undefined;
  expect(error?.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
  const answer = error?.body as { statusCode: number; message: string[]; error: string };
  expect(answer).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  expect(Array.isArray(answer.message)).toBe(true);
  return answer.message;
}

async function created(path: string, body: unknown) {
  const { status, data } = await api.request<Record<string, unknown>>({ method: 'POST', path, body });
  expect(status).toBe(201);
  return data;
}

describe('the local voice API refuses what the platform refuses', () => {
  it('unknown properties, at the top and nested, on create and update', async () => {
    expect(await refused('POST', '/assistant', { nmae: 'Front desk' })).toEqual(['property nmae should not exist']);
    const assistant = await created('/assistant', { name: 'Front desk' });
    expect(
      await refused('PATCH', `/assistant/${assistant.id}`, {
        voice: { provider: 'vapi', voiceId: 'Elliot', spead: 1 },
      }),
    ).toEqual(['voice.property spead should not exist']);
    // Fields the platform owns are not the client's to send either.
    expect(await refused('PATCH', `/assistant/${assistant.id}`, { id: assistant.id })).toEqual([
      'property id should not exist',
    ]);
  });

  it('phone numbers: by provider, with what each provider requires', async () => {
    expect(await refused('POST', '/phone-number', { provider: 'twilio' })).toEqual([
      'number must be a string',
      'twilioAccountSid must be a string',
    ]);
    expect(await refused('POST', '/phone-number', { provider: 'telnyx', number: '+15555550100' })).toEqual([
      'credentialId must be a string',
    ]);
    const number = await created('/phone-number', {
      provider: 'twilio',
      number: '+15555550100',
      twilioAccountSid: 'AC00000000000000000000000000000000',
      twilioAuthToken: 'token',
    });
    expect(number).toMatchObject({ provider: 'twilio', status: 'active' });
  });

  it('tools of an unknown type, models that are not objects', async () => {
    const [type] = await refused('POST', '/tool', { type: 'notatype' });
    expect(type).toMatch(/^type must be one of the following values: .*function/);
    expect(await refused('POST', '/assistant', { model: 'notanobject' })).toEqual([
      'nested property model must be either object or array',
    ]);
    await created('/tool', { type: 'endCall' });
    await created('/assistant', { name: 'Modelled', model: { provider: 'openai', model: 'gpt-4o' } });
  });

  it('a squad naming an assistant that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await refused('POST', '/squad', { name: 'Intake', members: [{ assistantId: missing }] })).toEqual([
      `Couldn't Get Assistant. \`assistantId\` ${missing} Does Not Exist.`,
    ]);
    const assistant = await created('/assistant', { name: 'Member' });
    const squad = await created('/squad', { name: 'Intake', members: [{ assistantId: assistant.id }] });
    expect(await refused('PATCH', `/squad/${squad.id}`, { members: [{ assistantId: missing }] })).toHaveLength(1);
  });
});
