// The voice platform's own server SDK (@vapi-ai/server-sdk, generated from its OpenAPI document) against the
// local voice API, next to the CLI's client: assistants, tools, phone numbers, calls, squads and campaigns
// listed, created, read, updated and deleted. Every answer must reach the caller through the SDK (its fetcher
// parses it; the SDK itself checks no response shape since v1, so each answer is also checked against the
// document's response schema of that operation, skipped with the reason when ../shared is absent), read the
// same through both clients, and errors must surface as the SDK's errors carrying our NestJS bodies.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../cli/api/client.ts';
import { loadOpenApi, OpenApiValidator } from '../support/openapi-validate.ts';
import { repoRoot } from '../support/run-cli.ts';
import { testNow } from '../support/test-clock.ts';
import { LOCAL_VOICE_PRIVATE_KEY, startVoicePlatform, type VoicePlatform } from '../support/voice-platform.ts';

type Sdk = typeof import('@vapi-ai/server-sdk');
let sdk: Sdk | undefined;
let importProblem = '';
try {
  sdk = await import('@vapi-ai/server-sdk');
} catch (error) {
  importProblem = error instanceof Error ? error.message : String(error);
}

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
const hasContract = existsSync(contract);
const openapi = hasContract ? new OpenApiValidator(loadOpenApi(contract)) : undefined;

let platform: VoicePlatform;
let api: ApiClient;
let client: InstanceType<Sdk['VapiClient']>;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The answer matches the document's schema for this operation (when the document is here). */
function expectDocumented(value: unknown, method: string, path: string, status: string): void {
  if (!openapi) return;
  expect(openapi.validate(value, openapi.operationSchema(method, path, status)), `${method} ${path} ${status}`).toEqual(
    [],
  );
}

/** The CLI's client reads the same resource as the SDK did. */
async function expectSameThroughCli(path: string, fromSdk: unknown): Promise<void> {
  const { data } = await api.request({ method: 'GET', path });
  expect(data, path).toEqual(fromSdk);
}

/** The SDK's rejection: a VapiError (or its typed subclass) with the status and our NestJS body. */
async function sdkError(promise: Promise<unknown>): Promise<{ error: InstanceType<Sdk['VapiError']>; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(sdk?.VapiError as Sdk['VapiError']);
    const vapiError = error as InstanceType<Sdk['VapiError']>;
    return { error: vapiError, body: vapiError.body };
  }
  throw new Error('expected the SDK to throw');
}

async function cliError(path: string, method = 'GET'): Promise<ApiError> {
  try {
    await api.request({ method, path, retry: false });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${method} ${path} to fail`);
}

/** Runs one resource's list/create/get/update/delete through the SDK, checking each answer. */
async function crud<T extends { id: string }>(
  base: string,
  ops: {
    create: () => Promise<T>;
    list: () => Promise<unknown>;
    get: (id: string) => Promise<T>;
    update: (id: string) => Promise<T>;
    remove: (id: string) => Promise<T>;
  },
  listPath = base,
): Promise<T> {
  const created = await ops.create();
  expectDocumented(created, 'POST', base, '201');
  const list = await ops.list();
  expectDocumented(list, 'GET', listPath, '200');
  const items = Array.isArray(list) ? list : (list as { results: Array<{ id: string }> }).results;
  expect(items.map((item: { id: string }) => item.id)).toContain(created.id);
  const one = await ops.get(created.id);
  expectDocumented(one, 'GET', `${base}/{id}`, '200');
  // (A call moves on by itself — the local dialer rings at once — so only what cannot change is compared.)
  expect(one).toMatchObject({ id: created.id, createdAt: (created as { createdAt?: string }).createdAt });
  await expectSameThroughCli(`${base}/${created.id}`, one);
  const updated = await ops.update(created.id);
  expectDocumented(updated, 'PATCH', `${base}/{id}`, '200');
  await expectSameThroughCli(`${base}/${created.id}`, updated);
  const removed = await ops.remove(created.id);
  expectDocumented(removed, 'DELETE', `${base}/{id}`, '200');
  expect(removed.id).toBe(created.id);
  // Gone for both clients: the SDK's error and the CLI's carry the same NestJS body.
  const gone = await sdkError(ops.get(created.id));
  expect(gone.error.statusCode).toBe(404);
  expect(gone.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  expect((await cliError(`${base}/${created.id}`)).body).toEqual(gone.body);
  return updated;
}

describe.skipIf(!sdk)(
  `the voice platform's server SDK${sdk ? '' : ` (skipped: cannot import @vapi-ai/server-sdk: ${importProblem})`}`,
  () => {
    beforeAll(async () => {
      platform = await startVoicePlatform();
      api = new ApiClient({ baseUrl: platform.url, apiKey: LOCAL_VOICE_PRIVATE_KEY, retries: 0 });
      client = new (sdk as Sdk).VapiClient({ token: LOCAL_VOICE_PRIVATE_KEY, baseUrl: platform.url, maxRetries: 0 });
    }, 120_000);
    afterAll(async () => {
      await api?.close();
      await platform?.close();
    });

    it.skipIf(!hasContract)('(the response schema checks below need ../shared/contracts/vapi-openapi.json)', () => {
      expect(openapi).toBeDefined();
    });

    it('assistants, tools and squads: list, create, get, update, delete', async () => {
      const model = {
        provider: 'openai' as const,
        model: 'gpt-4o' as const,
        messages: [{ role: 'system' as const, content: 'You schedule home visits.' }],
      };
      const assistant = await crud('/assistant', {
        create: () => client.assistants.create({ name: 'sdk-assistant', model, firstMessage: 'Hello.' }),
        list: () => client.assistants.list({ limit: 100 }),
        get: (id) => client.assistants.get({ id }),
        update: (id) => client.assistants.update({ id, name: 'sdk-assistant-renamed' }),
        remove: (id) => client.assistants.delete({ id }),
      });
      expect(assistant).toMatchObject({ name: 'sdk-assistant-renamed', firstMessage: 'Hello.', model });

      const tool = await crud('/tool', {
        create: async () =>
          (await client.tools.create({
            type: 'function',
            function: {
              name: 'offer_visit_times',
              description: 'Offers visit times.',
              parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
            },
            server: { url: 'https://example.test/tools' },
          })) as { id: string },
        list: () => client.tools.list({ limit: 100 }),
        get: async (id) => (await client.tools.get({ id })) as { id: string },
        update: async (id) =>
          (await client.tools.update({
            id,
            body: { type: 'function', server: { url: 'https://example.test/tools/v2' } },
          })) as { id: string },
        remove: async (id) => (await client.tools.delete({ id })) as { id: string },
      });
      expect(tool).toMatchObject({ type: 'function', server: { url: 'https://example.test/tools/v2' } });

      const member = await client.assistants.create({ name: 'sdk-squad-member', model });
      const squad = await crud('/squad', {
        create: () => client.squads.create({ name: 'sdk-squad', members: [{ assistantId: member.id }] }),
        list: () => client.squads.list({ limit: 100 }),
        get: (id) => client.squads.get({ id }),
        update: (id) => client.squads.update({ id, name: 'sdk-squad-renamed', members: [{ assistantId: member.id }] }),
        remove: (id) => client.squads.delete({ id }),
      });
      expect(squad).toMatchObject({ name: 'sdk-squad-renamed', members: [{ assistantId: member.id }] });
    });

    it('phone numbers, calls and campaigns: list, create, get, update, delete', async () => {
      const assistant = await client.assistants.create({
        name: 'sdk-caller',
        model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: 'You confirm visits.' }] },
      });
      const number = await crud('/phone-number', {
        create: async () =>
          (await client.phoneNumbers.create({ provider: 'vapi', name: 'sdk-number' })) as { id: string },
        list: () => client.phoneNumbers.list({ limit: 100 }),
        get: async (id) => (await client.phoneNumbers.get({ id })) as { id: string },
        update: async (id) =>
          (await client.phoneNumbers.update({ id, body: { provider: 'vapi', name: 'sdk-number-renamed' } })) as {
            id: string;
          },
        remove: async (id) => (await client.phoneNumbers.delete({ id })) as { id: string },
      });
      expect(number).toMatchObject({ provider: 'vapi', name: 'sdk-number-renamed' });

      const line = (await client.phoneNumbers.create({ provider: 'vapi', name: 'sdk-line' })) as { id: string };
      const call = await crud('/call', {
        create: async () =>
          (await client.calls.create({
            assistantId: assistant.id,
            phoneNumberId: line.id,
            customer: { number: '+15555550123', name: 'Pat' },
          })) as { id: string },
        list: () => client.calls.list({ limit: 100 }),
        get: (id) => client.calls.get({ id }),
        update: (id) => client.calls.update({ id, name: 'sdk-call' }),
        remove: (id) => client.calls.delete({ id }),
      });
      expect(call).toMatchObject({ name: 'sdk-call', assistantId: assistant.id, phoneNumberId: line.id });

      const campaign = await crud('/campaign', {
        create: () =>
          client.campaigns.campaignControllerCreate({
            name: 'sdk-campaign',
            assistantId: assistant.id,
            phoneNumberId: line.id,
            customers: [{ number: '+15555550124', name: 'Lee' }],
            schedulePlan: { earliestAt: new Date(testNow().getTime() + 86_400_000).toISOString() },
          }),
        list: () => client.campaigns.campaignControllerFindAll({ limit: 100 }),
        get: (id) => client.campaigns.campaignControllerFindOne({ id }),
        update: (id) => client.campaigns.campaignControllerUpdate({ id, body: { name: 'sdk-campaign-renamed' } }),
        remove: (id) => client.campaigns.campaignControllerRemove({ id }),
      });
      expect(campaign).toMatchObject({ name: 'sdk-campaign-renamed', assistantId: assistant.id });
    });

    it('errors reach the SDK as its errors, with the NestJS bodies the CLI sees', async () => {
      // 404 on a missing resource of each kind.
      for (const [path, read] of [
        ['/assistant', () => client.assistants.get({ id: MISSING_ID })],
        ['/tool', () => client.tools.get({ id: MISSING_ID })],
        ['/phone-number', () => client.phoneNumbers.get({ id: MISSING_ID })],
        ['/call', () => client.calls.get({ id: MISSING_ID })],
        ['/squad', () => client.squads.get({ id: MISSING_ID })],
        ['/campaign', () => client.campaigns.campaignControllerFindOne({ id: MISSING_ID })],
      ] as const) {
        const { error, body } = await sdkError(read());
        expect(error.statusCode, path).toBe(404);
        expect(body, path).toMatchObject({ statusCode: 404, error: 'Not Found' });
        expect((await cliError(`${path}/${MISSING_ID}`)).body, path).toEqual(body);
      }
      // 400 from the request validation: NestJS's list of messages, and the SDK's typed error where it has one.
      const unknownProperty = await sdkError(
        client.assistants.create({ nmae: 'typo' } as unknown as Parameters<typeof client.assistants.create>[0]),
      );
      expect(unknownProperty.error.statusCode).toBe(400);
      expect(unknownProperty.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((unknownProperty.body as { message: string[] }).message).toContain('property nmae should not exist');
      const badCall = await sdkError(
        client.calls.create({ assistantId: 'not-a-uuid' } as Parameters<typeof client.calls.create>[0]),
      );
      expect(badCall.error).toBeInstanceOf((sdk as Sdk).Vapi.BadRequestError);
      expect(badCall.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      // 401 with another key: the SDK's error, NestJS's body.
      const stranger = new (sdk as Sdk).VapiClient({ token: 'not-a-key', baseUrl: platform.url, maxRetries: 0 });
      const denied = await sdkError(stranger.assistants.list());
      expect(denied.error.statusCode).toBe(401);
      expect(denied.body).toMatchObject({ statusCode: 401 });
    });
  },
);
