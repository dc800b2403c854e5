// The visit-confirmation assistant: what a patient hears is only what they need to be there, its tools and
// report carry the server's auth, the structured output the batch reads is attached, and the body is a
// valid CreateAssistantDTO of the published OpenAPI document (skipped without ../shared/contracts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  VISIT_CONFIRMATION_ASSISTANT_NAME,
  visitConfirmationAssistant,
} from '../../../core/confirmations/assistant-template.ts';
import {
  CONFIRMATION_OUTPUT_NAME,
  CONFIRMATION_OUTPUT_SCHEMA,
  CONFIRMATION_TOOLS,
} from '../../../core/confirmations/contract.ts';
import { loadOpenApi, OpenApiValidator } from '../../support/openapi-validate.ts';
import { repoRoot } from '../../support/run-cli.ts';

const TOOLS_URL = 'https://project.supabase.co/functions/v1/assistant-tools';
const REPORT_URL = 'https://project.supabase.co/functions/v1/confirmations/webhook';
const body = visitConfirmationAssistant({ toolsUrl: TOOLS_URL, reportUrl: REPORT_URL, secret: 's3cret' });
interface Tool {
  type: string;
  function: {
    name: string;
    parameters: { type: string; properties: Record<string, { enum?: string[] }>; required: string[] };
  };
  server: unknown;
  messages: Array<{ content: string }>;
}
const model = body.model as { messages: Array<{ content: string }>; tools: Tool[] };
const prompt = model.messages[0]?.content ?? '';

/** Words that would tell a listener something clinical (the seed's visit types and their vocabulary). */
const CLINICAL_WORDS =
  /nurs|wound|medic|vital|therap|rehab|gait|fall-risk|evaluation|swallow|speech|cogniti|diagnos|treat|condition/i;
const CLINICAL_ABBREVIATIONS = /\b(RN|PT|OT|SLP|ADL)\b/;
const clinical = (text: string) => CLINICAL_WORDS.test(text) || CLINICAL_ABBREVIATIONS.test(text);
/nurs|wound|medic|vital|therap|rehab|gait|fall-risk|evaluation|swallow|speech|cogniti|diagnos|treat|condition|PT |OT |SLP|ADL/i;

describe('visitConfirmationAssistant', () => {
  it('is named and tagged for the product, HIPAA mode on, calls capped at 5 minutes', () => {
    expect(body).toMatchObject({
      name: VISIT_CONFIRMATION_ASSISTANT_NAME,
      compliancePlan: { hipaaEnabled: true },
      maxDurationSeconds: 300,
      metadata: { template: 'visit-confirmation', product: 'homerounds' },
    });
  });

  it('greets with the call variables only, and says nothing clinical aloud', () => {
    expect(body.firstMessage).toBe(
      'Hi {{patientFirstName}}, this is {{agencyName}} calling about your visit with {{clinicianName}} on {{visitDay}}, {{visitWindow}}. Can you confirm that time works for you?',
    );
    const spoken = [
      body.firstMessage,
      body.voicemailMessage,
      body.endCallMessage,
      ...model.tools.flatMap((t) => t.messages.map((m) => m.content)),
    ].join('\n');
    expect(clinical(spoken)).toBe(false);
    expect(clinical('Wound care visit')).toBe(true);
  });

  it('leaves a voicemail with nothing but the agency and the callback number', () => {
    expect(body.voicemailMessage).toBe('This is {{agencyName}}. Please call us back at {{callbackNumber}}. Thank you.');
    const variables = String(body.voicemailMessage).match(/\{\{\s*\w+\s*\}\}/g);
    expect(variables).toEqual(['{{agencyName}}', '{{callbackNumber}}']);
  });

  it('tells the model the rules: tools for times, privacy, wrong person, stop calls, emergencies', () => {
    expect(prompt).toContain('offer_visit_times');
    expect(prompt).toContain('reschedule_visit');
    expect(prompt).toMatch(/stop_calls/);
    expect(prompt).toMatch(/911/);
    expect(prompt).toMatch(/not \{\{patientFirstName\}\}, say nothing about the visit/);
    // Clinical words appear only in the rule that forbids them.
    const [allowed, forbidden] = prompt.split('What you never do:');
    expect(clinical(allowed ?? '')).toBe(false);
    expect(forbidden).toMatch(/Never mention a diagnosis, a condition, a medication/);
    expect(forbidden).toMatch(/any\s+other patient/);
  });

  it('hears and speaks English and Spanish: the patient answers in their language and is answered in it', () => {
    expect(body.transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'multi' });
    expect(body.voice).toMatchObject({ model: 'eleven_multilingual_v2' });
    expect(prompt).toMatch(/Speak the language the person answers in, English or Spanish/);
  });

  it('has the three confirmation tools, each sent to the tools server with the secret', () => {
    expect(model.tools.map((t) => t.function.name)).toEqual([...CONFIRMATION_TOOLS]);
    for (const tool of model.tools) {
      expect(tool.type).toBe('function');
      expect(tool.server).toEqual({ url: TOOLS_URL, timeoutSeconds: 20, headers: { 'X-Vapi-Secret': 's3cret' } });
      expect(tool.function.parameters.type).toBe('object');
    }
    const [offer, reschedule] = model.tools;
    expect(offer?.function.parameters.properties.preference?.enum).toEqual(['earlier', 'later', 'any']);
    expect(reschedule?.function.parameters.required).toEqual(['start']);
  });

  it('sends only the end-of-call report, to the report URL with the same auth, with our structured output', () => {
    expect(body.server).toEqual({ url: REPORT_URL, timeoutSeconds: 20, headers: { 'X-Vapi-Secret': 's3cret' } });
    expect(body.serverMessages).toEqual(['end-of-call-report']);
    expect(body.artifactPlan).toEqual({
      structuredOutputs: [
        {
          name: CONFIRMATION_OUTPUT_NAME,
          type: 'ai',
          description: expect.any(String),
          schema: CONFIRMATION_OUTPUT_SCHEMA,
        },
      ],
    });
  });

  it('uses a platform credential instead of the header when given one', () => {
    const withCredential = visitConfirmationAssistant({
      toolsUrl: TOOLS_URL,
      reportUrl: REPORT_URL,
      credentialId: 'cred-1',
      secret: 'ignored',
    });
    const expected = { timeoutSeconds: 20, credentialId: 'cred-1' };
    expect(withCredential.server).toEqual({ url: REPORT_URL, ...expected });
    for (const tool of (withCredential.model as typeof model).tools)
      expect(tool.server).toEqual({ url: TOOLS_URL, ...expected });
    expect(JSON.stringify(withCredential)).not.toContain('ignored');
  });
});

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
describe.skipIf(!existsSync(contract))(
  'the body follows the published OpenAPI document (skipped: ../shared/contracts not found)',
  () => {
    it('is a valid CreateAssistantDTO (POST /assistant request)', () => {
      const openapi = new OpenApiValidator(loadOpenApi(contract));
      expect(openapi.validate(body, openapi.operationSchema('POST', '/assistant', 'request'))).toEqual([]);
    });
  },
);
