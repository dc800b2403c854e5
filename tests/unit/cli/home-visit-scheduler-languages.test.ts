// Spanish end to end in the hosted template: the transcriber hears English and Spanish (Deepgram Nova-3 in its
// multilingual mode, which the platform's OpenAPI document lists), the voice speaks both (ElevenLabs' multilingual
// model), the model is told to answer in the clinician's language, and the first words say Spanish is understood.
// Checked against the platform's published schemas where ../shared is present.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeVisitScheduler, TRANSCRIBER_LANGUAGE, VOICE_MODEL } from '../../../cli/templates/home-visit-scheduler.ts';
import { loadOpenApi, OpenApiValidator } from '../../support/openapi-validate.ts';
import { repoRoot } from '../../support/run-cli.ts';

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
const assistant = homeVisitScheduler({ url: 'https://abcd.supabase.co/functions/v1/assistant-tools', secret: 's' });
const transcriber = assistant.transcriber as { provider: string; model: string; language: string };
const voice = assistant.voice as { provider: string; voiceId: string; model: string };

describe('the home-visit-scheduler in English and Spanish', () => {
  it('transcribes both languages, switched mid-call, with a model that does so', () => {
    expect(transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'multi' });
    expect(TRANSCRIBER_LANGUAGE).toBe('multi');
  });

  it('speaks both with one voice, answers in the clinician’s language, and says so first', () => {
    expect(voice).toEqual({ provider: '11labs', voiceId: 'sarah', model: 'eleven_multilingual_v2' });
    expect(VOICE_MODEL).toBe('eleven_multilingual_v2');
    const prompt = (assistant.model as { messages: Array<{ content: string }> }).messages[0]?.content ?? '';
    expect(prompt).toMatch(/Answer in the clinician's language \(English or Spanish\)/);
    expect(prompt).toMatch(/pass language "es"/);
    expect(assistant.firstMessage).toMatch(/español/);
  });

  it.skipIf(!existsSync(contract))('uses values the platform documents for its transcriber and voice', () => {
    const openapi = new OpenApiValidator(loadOpenApi(contract));
    expect(openapi.validate(transcriber, openapi.schema('DeepgramTranscriber'))).toEqual([]);
    expect(openapi.validate(voice, openapi.schema('ElevenLabsVoice'))).toEqual([]);
    const language = openapi.resolve(openapi.schema('DeepgramTranscriber')).properties?.language as { enum?: string[] };
    expect(language.enum).toContain('multi');
    // Not a rubber stamp: a language the platform does not list is refused.
    expect(
      openapi.validate({ ...transcriber, language: 'klingon' }, openapi.schema('DeepgramTranscriber')),
    ).not.toEqual([]);
  });
});
