// The CLI's API client against the local voice platform, with request and response bodies of
// representative endpoints checked against the published OpenAPI document (../shared/contracts), plus the
// platform's list semantics and error bodies.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiError, FormData } from '../../cli/api/client.ts';
import { HOME_VISIT_SCHEDULER } from '../../cli/templates/home-visit-scheduler.ts';
import { loadOpenApi, OpenApiValidator } from '../support/openapi-validate.ts';
import { repoRoot } from '../support/run-cli.ts';
import {
  LOCAL_VOICE_ORG_ID,
  LOCAL_VOICE_PRIVATE_KEY,
  LOCAL_VOICE_PUBLIC_KEY,
  startVoicePlatform,
  type VoicePlatform,
} from '../support/voice-platform.ts';

const contracts = join(repoRoot, '../shared/contracts');
// The published document lives beside the project (../shared): without it the schema checks are skipped,
// with the reason; the list semantics and error bodies are still checked.
const hasContract = existsSync(join(contracts, 'vapi-openapi.json'));
const openapi = new OpenApiValidator(
  hasContract ? loadOpenApi(join(contracts, 'vapi-openapi.json')) : { paths: {}, components: { schemas: {} } },
);

let platform: VoicePlatform;
let api: ApiClient;

beforeAll(async () => {
  platform = await startVoicePlatform();
  api = new ApiClient({ baseUrl: platform.url, apiKey: LOCAL_VOICE_PRIVATE_KEY, retries: 0 });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await platform?.close();
});

function expectValid(value: unknown, method: string, path: string, part: string) {
  expect(openapi.validate(value, openapi.operationSchema(method, path, part)), `${method} ${path} ${part}`).toEqual([]);
}

async function post(path: string, body: unknown) {
  expectValid(body, 'POST', path, 'request');
  const { status, data } = await api.request<Record<string, unknown>>({ method: 'POST', path, body });
  expect(status).toBe(201);
  expectValid(data, 'POST', path, '201');
  return data;
}

describe.skipIf(!hasContract)(
  'voice API bodies follow the published OpenAPI document (skipped: ../shared/contracts not found)',
  () => {
    it('assistant create/get/list (with the home-visit-scheduler template as the request)', async () => {
      const created = await post('/assistant', { ...HOME_VISIT_SCHEDULER, name: 'contract-scheduler' });
      expect(created).toMatchObject({ orgId: LOCAL_VOICE_ORG_ID, name: 'contract-scheduler' });
      const { data: one } = await api.request({ method: 'GET', path: `/assistant/${created.id}` });
      expectValid(one, 'GET', '/assistant/{id}', '200');
      const { data: list } = await api.request({ method: 'GET', path: '/assistant' });
      expectValid(list, 'GET', '/assistant', '200');
      const { data: patched } = await api.request({
        method: 'PATCH',
        path: `/assistant/${created.id}`,
        body: { firstMessage: 'Hi' },
      });
      expectValid(patched, 'PATCH', '/assistant/{id}', '200');
    });

    it('tool, phone-number and squad', async () => {
      await post('/tool', {
        type: 'function',
        function: { name: 'lookup_calendar', parameters: { type: 'object', properties: { from: { type: 'string' } } } },
      });
      const phone = await post('/phone-number', { provider: 'vapi', name: 'Scheduling line' });
      expect(phone.status).toBe('active');
      const { data: page } = await api.request({ method: 'GET', path: '/v2/phone-number', query: { limit: 1 } });
      expectValid(page, 'GET', '/v2/phone-number', '200');
      const assistant = await post('/assistant', { name: 'squad member' });
      await post('/squad', { name: 'Intake', members: [{ assistantId: assistant.id }] });
      const { data: squads } = await api.request({ method: 'GET', path: '/squad' });
      expectValid(squads, 'GET', '/squad', '200');
    });

    it('file upload (multipart; the request is a form, so only the response is checked)', async () => {
      const form = new FormData();
      form.append('file', new Blob(['route notes']), 'notes.txt');
      const { status, data } = await api.request({ method: 'POST', path: '/file', form });
      expect(status).toBe(201);
      expectValid(data, 'POST', '/file', '201');
      expect(data).toMatchObject({ originalName: 'notes.txt', bytes: 11, status: 'done' });
    });

    it('the validator rejects what the document forbids', () => {
      const schema = openapi.operationSchema('POST', '/phone-number', 'request');
      expect(openapi.validate({ provider: 'carrier-pigeon' }, schema)).not.toEqual([]);
      expect(openapi.validate({ provider: 'twilio' }, schema).join()).toContain('required');
      expect(openapi.validate({ id: 1 }, openapi.schema('Assistant')).join()).toContain('expected a string');
    });
  },
);

describe('voice API list semantics and errors', () => {
  it('v1 lists: newest first, default 100, max 1000, createdAt filters', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push(
        String(
          (await api.request<{ id: string }>({ method: 'POST', path: '/token', body: { name: `t${i}` } })).data.id,
        ),
      );
    const { data } = await api.request<Array<{ id: string; createdAt: string }>>({ method: 'GET', path: '/token' });
    expect(data.map((t) => t.id)).toEqual([...made].reverse());
    const middle = data[1]?.createdAt ?? '';
    const lt = await api.request<unknown[]>({ method: 'GET', path: '/token', query: { createdAtLt: middle } });
    const ge = await api.request<unknown[]>({ method: 'GET', path: '/token', query: { createdAtGe: middle } });
    expect([lt.data.length, ge.data.length]).toEqual([1, 2]);
    const error = (await api
      .request({ method: 'GET', path: '/token', query: { limit: 1001 } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      statusCode: 400,
      message: ['limit must not be greater than 1000'],
      error: 'Bad Request',
    });
    const bad = (await api
      .request({ method: 'GET', path: '/token', query: { createdAtGt: 'yesterday' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(bad.status).toBe(400);
  });

  it('paginated lists answer {results, metadata}', async () => {
    for (let i = 0; i < 3; i++) await api.request({ method: 'POST', path: '/session', body: { name: `s${i}` } });
    const res = await fetch(`${platform.url}/session?limit=2&page=2`, {
      headers: { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}` },
    });
    const body = (await res.json()) as { results: unknown[]; metadata: Record<string, unknown> };
    expect(body.results).toHaveLength(1);
    expect(body.metadata).toEqual({ itemsPerPage: 2, totalItems: 3, currentPage: 2, totalPages: 2, sortOrder: 'DESC' });
  });

  it('NestJS error bodies: 404, 400 with a message array, 401 without or with a wrong key', async () => {
    const get = (path: string, key?: string) =>
      fetch(`${platform.url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} }).then(async (r) => [
        r.status,
        await r.json(),
      ]);
    expect(await get('/assistant/00000000-0000-4000-8000-000000000000', LOCAL_VOICE_PRIVATE_KEY)).toEqual([
      404,
      { statusCode: 404, message: 'Not Found', error: 'Not Found' },
    ]);
    expect(await get('/assistant/not-a-uuid', LOCAL_VOICE_PRIVATE_KEY)).toEqual([
      404,
      { statusCode: 404, message: 'Not Found', error: 'Not Found' },
    ]);
    expect((await get('/assistant'))[0]).toBe(401);
    expect(await get('/assistant', 'nope')).toEqual([
      401,
      { statusCode: 401, message: expect.stringContaining('Invalid Key'), error: 'Unauthorized' },
    ]);
    const squad = (await api
      .request({ method: 'POST', path: '/squad', body: { name: 1 } })
      .catch((e: unknown) => e)) as ApiError;
    expect(squad.body).toEqual({
      statusCode: 400,
      message: ['name must be a string', 'members must be an array'],
      error: 'Bad Request',
    });
  });

  it('POST /call/web accepts the public key and returns a local room URL; other paths refuse it', async () => {
    const { data: assistant } = await api.request<{ id: string }>({
      method: 'POST',
      path: '/assistant',
      body: { name: 'web' },
    });
    const res = await fetch(`${platform.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_VOICE_PUBLIC_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: assistant.id }),
    });
    expect(res.status).toBe(201);
    const call = (await res.json()) as Record<string, unknown>;
    expect(call).toMatchObject({
      type: 'webCall',
      assistantId: assistant.id,
      webCallUrl: `${platform.url}/__local/room/${call.id}`,
    });
    // The public document types Call.transport as the websocket transport only; web calls really answer with
    // the Daily transport (reference §2.4), so everything but `transport` is checked.
    const { transport, ...rest } = call;
    expect(transport).toMatchObject({ provider: 'daily', callUrl: call.webCallUrl });
    if (hasContract) expect(openapi.validate(rest, openapi.schema('Call'))).toEqual([]);
    const missing = await fetch(`${platform.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_VOICE_PUBLIC_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(missing.status).toBe(400);
    const denied = await fetch(`${platform.url}/assistant`, {
      headers: { authorization: `Bearer ${LOCAL_VOICE_PUBLIC_KEY}` },
    });
    expect(denied.status).toBe(401);
  });
});
