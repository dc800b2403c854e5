// The request schemas derived from the voice platform's published OpenAPI document, and the validator that words
// their problems as the platform does: the examples refused, the product's own bodies accepted, the
// derived file naming its source and matching a fresh derivation when the document is at hand.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../cli/templates/home-visit-scheduler.ts';
import { ENDPOINTS } from '../../../core/voice-platform/registry.ts';
import {
  hasRequestSchema,
  REQUEST_SCHEMAS_SOURCE,
  requestSchemaKeys,
  validateRequest,
} from '../../../core/voice-platform/validate-request.ts';
import { repoRoot } from '../../support/run-cli.ts';

const messages = (method: string, path: string, body: unknown) =>
  validateRequest(method, path, body)?.map((p) => p.message);

const UUID = '0f8c2a52-5b7e-4d43-9a55-2f1d9c3e7a10';

describe('validateRequest: what the platform refuses, in its words', () => {
  it('refuses unknown properties, at the top and nested', () => {
    expect(messages('POST', '/assistant', { nmae: 'Front desk' })).toEqual(['property nmae should not exist']);
    expect(messages('POST', '/assistant', { model: { provider: 'openai', model: 'gpt-4o', temprature: 1 } })).toEqual([
      'model.property temprature should not exist',
    ]);
  });

  it('refuses a twilio number without number or twilioAccountSid, and numbers without credentialId', () => {
    expect(messages('POST', '/phone-number', { provider: 'twilio' })).toEqual([
      'number must be a string',
      'twilioAccountSid must be a string',
    ]);
    expect(messages('POST', '/phone-number', { provider: 'vonage', number: '+15555550100' })).toEqual([
      'credentialId must be a string',
    ]);
    expect(messages('POST', '/phone-number', { provider: 'byo-phone-number' })).toEqual([
      'credentialId must be a string',
    ]);
    expect(messages('POST', '/phone-number', { provider: 'fax' })).toEqual([
      'provider must be one of the following values: byo-phone-number, twilio, vonage, vapi, telnyx',
    ]);
    // The chosen provider's branch only: a vapi number may not carry twilio's fields.
    expect(messages('POST', '/phone-number', { provider: 'vapi', twilioAccountSid: 'AC1' })).toEqual([
      'property twilioAccountSid should not exist',
    ]);
  });

  it('refuses a tool of an unknown type and a model that is not an object', () => {
    const [tool] = messages('POST', '/tool', { type: 'notatype' }) ?? [];
    expect(tool).toMatch(/^type must be one of the following values: apiRequest, .*function.*transferCall/);
    expect(messages('POST', '/assistant', { model: 'notanobject' })).toEqual([
      'nested property model must be either object or array',
    ]);
    const [provider] = messages('POST', '/assistant', { model: { provider: 'nope', model: 'x' } }) ?? [];
    expect(provider).toMatch(/^model\.provider must be one of the following values: .*openai/);
  });

  it('words types, lengths, array elements and alternatives as class-validator does', () => {
    // In the order the document declares the properties (firstMessage comes before name), as class-validator reports.
    expect(messages('POST', '/assistant', { name: 'x'.repeat(41), firstMessage: 5 })).toEqual([
      'firstMessage must be a string',
      'name must be shorter than or equal to 40 characters',
    ]);
    expect(messages('POST', '/squad', { name: 'Intake', members: ['x'] })).toEqual([
      'each value in nested property members must be either object or array',
    ]);
    expect(messages('POST', '/squad', { name: 'Intake' })).toEqual(['members must be an array']);
    expect(messages('POST', '/chat', { input: 5 })).toEqual(['input must be a string or an array']);
    const [each] = messages('POST', '/assistant', { clientMessages: ['transcript', 'bogus'] }) ?? [];
    expect(each).toMatch(/^each value in clientMessages must be one of the following values: /);
  });

  it('accepts what the platform accepts: nulls for optional fields, partial updates', () => {
    expect(
      messages('POST', '/assistant', { name: 'Front desk', firstMessage: 'Hello', voicemailMessage: null }),
    ).toEqual([]);
    expect(messages('PATCH', '/assistant/{id}', { firstMessage: 'Hi' })).toEqual([]);
    expect(messages('POST', '/squad', { name: 'Intake', members: [{ assistantId: UUID }] })).toEqual([]);
    expect(messages('POST', '/phone-number', { provider: 'vapi', name: 'Scheduling line' })).toEqual([]);
    expect(messages('POST', '/tool', { type: 'function', function: { name: 'lookup_calendar' } })).toEqual([]);
  });

  it('checks nothing where the published document has no schema', () => {
    expect(hasRequestSchema('POST', '/workflow')).toBe(false);
    expect(validateRequest('POST', '/workflow', { anything: 1 })).toBeUndefined();
  });

  it('accepts the example body of every resource that has a schema (what --help shows)', () => {
    const examples: Record<string, unknown> = {
      'POST /assistant': { name: 'Front desk', firstMessage: 'Hello' },
      'POST /squad': { name: 'Intake', members: [{ assistantId: UUID }] },
      'POST /phone-number': { provider: 'vapi', name: 'Scheduling line' },
      'POST /tool': { type: 'function', function: { name: 'lookup_calendar' } },
      'POST /chat': { assistantId: UUID, input: 'When is my next visit?' },
      'POST /structured-output': { name: 'visit_request', schema: { type: 'object' } },
    };
    for (const [key, body] of Object.entries(examples)) {
      const [method = '', path = ''] = key.split(' ');
      expect(messages(method, path, body), key).toEqual([]);
    }
  });
});

describe('the built-in templates', () => {
  for (const [name, template] of Object.entries(TEMPLATES)) {
    it(`${name} is a body the platform accepts, with a secret or a credential`, () => {
      const withSecret = template.build({
        url: 'https://tools.example/functions/v1/assistant-tools',
        secret: 's3cret',
      });
      expect(messages('POST', '/assistant', withSecret)).toEqual([]);
      const withCredential = template.build({
        url: 'https://tools.example/functions/v1/assistant-tools',
        credentialId: UUID,
      });
      expect(messages('POST', '/assistant', withCredential)).toEqual([]);
    });
  }
});

describe('request-schemas.json', () => {
  const file = JSON.parse(readFileSync(join(repoRoot, 'core/voice-platform/request-schemas.json'), 'utf8'));

  it('names the document it was derived from (title, version, hash, date) in its header', () => {
    expect(file.$comment).toMatch(/derive-voice-schemas\.mjs.*"Vapi API" version 1\.0/);
    expect(REQUEST_SCHEMAS_SOURCE).toMatchObject({ title: 'Vapi API', version: '1.0' });
    expect(REQUEST_SCHEMAS_SOURCE.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(REQUEST_SCHEMAS_SOURCE.derivedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('covers the create and update endpoints the product routes, and only those', () => {
    const routed = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    for (const key of requestSchemaKeys()) expect(routed.has(key), key).toBe(true);
    for (const key of ['POST /assistant', 'PATCH /assistant/{id}', 'POST /phone-number', 'POST /tool', 'POST /squad']) {
      expect(requestSchemaKeys()).toContain(key);
    }
    expect(readFileSync(join(repoRoot, 'core/voice-platform/request-schemas.json')).length).toBeLessThan(400_000);
  });

  // The shared folder beside the repository.
  const documentPath = join(repoRoot, '../shared/contracts/vapi-openapi.json');
  it.skipIf(!existsSync(documentPath))(
    'matches a fresh derivation from the published document (skipped: ../shared/contracts not found)',
    async () => {
      const { comparable, derivedFile } = await import('../../../scripts/derive-voice-schemas.mjs');
      const fresh = derivedFile(readFileSync(documentPath), documentPath, file);
      // Out of date? `npm run derive:voice-schemas` (the registry or the document changed).
      expect(comparable(fresh)).toEqual(comparable(file));
      expect(fresh.derivedOn).toBe(file.derivedOn);
    },
  );
});
