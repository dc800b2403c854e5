// The tools as a language model reads them (TOOL_DEFINITIONS, published by the home-visit-scheduler template): every
// argument a description names exists in that tool's schema, every required argument is named and described, every
// parameter has a description, and an argument the tool does not take is refused, never ignored.
import { describe, expect, it } from 'vitest';
import { schedulerTools } from '../../../cli/templates/home-visit-scheduler.ts';
import type { ToolContext } from '../../../core/assistant/tool-kit.ts';
import { runTool, TOOL_DEFINITIONS } from '../../../core/assistant/tools/index.ts';
import { memoryCalendar } from '../../support/memory-calendar.ts';
import { DAYS, suiteSeed } from '../../support/seed-calendar.ts';
import { chicago } from '../../support/test-clock.ts';

interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: string[];
}

const TOOL_NAMES = new Set<string>(TOOL_DEFINITIONS.map((t) => t.name));
/** Fields of a tool's result a description may name (they are not arguments): docs/assistant.md, "Every tool result". */
const RESULT_FIELDS = new Set(['confirmWith', 'not_found', 'ambiguous']);

/** The arguments a text names: in backticks (the descriptions' convention for an argument). */
const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
/** Words shaped like an argument or a tool: camelCase or snake_case. */
const identifiers = (text: string) =>
  [...text.matchAll(/\b[a-z]+(?:[A-Z][a-zA-Z0-9]*|_[a-z_]+)\b/g)].map((m) => m[0]).filter((w) => !w.includes('.'));

const params = (schema: Schema) => schema.properties ?? {};

describe.each(TOOL_DEFINITIONS.map((t) => [t.name, t] as const))('%s', (_name, tool) => {
  const schema = tool.parameters as Schema;
  const names = Object.keys(params(schema));
  const texts = [tool.description, ...Object.values(params(schema)).map((p) => p.description ?? '')];

  it('names in backticks only its own arguments', () => {
    for (const text of texts) {
      for (const word of backticked(text)) expect(names, `${tool.name}: \`${word}\` in “${text}”`).toContain(word);
    }
  });

  it('mentions no argument-shaped word that is neither its argument, a tool nor a result field', () => {
    for (const text of texts) {
      for (const word of identifiers(text)) {
        const known = names.includes(word) || TOOL_NAMES.has(word) || RESULT_FIELDS.has(word);
        expect(known, `${tool.name}: "${word}" in “${text}”`).toBe(true);
      }
    }
  });

  it('names every required argument in its description, and describes every argument', () => {
    for (const required of schema.required ?? []) {
      expect(names).toContain(required);
      expect(backticked(tool.description), `${tool.name} does not name \`${required}\``).toContain(required);
    }
    for (const [param, spec] of Object.entries(params(schema))) {
      expect(spec.description?.length ?? 0, `${tool.name}.${param} has no description`).toBeGreaterThan(20);
      expect(spec.type, `${tool.name}.${param} has no type`).toBeTruthy();
    }
  });

  it('names in its description the arguments that steer what it answers (every one but language)', () => {
    const steering = names.filter((n) => n !== 'language');
    // find_visit's `type` and drive_time's ranges are named too; only the answer's language may go unnamed.
    for (const param of steering) expect(backticked(tool.description), `${tool.name}: \`${param}\``).toContain(param);
  });

  it('takes the answer’s language as `language` (en or es), and nothing else under that name', () => {
    expect(params(schema).language).toMatchObject({ enum: ['en', 'es'] });
  });
});

it('publishes exactly these definitions in the hosted template', () => {
  const server = { url: 'https://example.test/functions/v1/assistant-tools', secret: 'x' } as never;
  const published = schedulerTools(server).map((t) => (t as { function: unknown }).function);
  expect(published).toEqual(
    TOOL_DEFINITIONS.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
  );
});

describe('an argument a tool does not take', () => {
  const ctx: ToolContext = {
    calendar: memoryCalendar(suiteSeed(), 'maya.patel@homerounds.test'),
    userId: 'u-1',
    timeZone: 'America/Chicago',
    now: chicago(DAYS.wednesday, '07:00'),
    language: 'en',
    canWrite: async () => true,
  };

  it('is refused, naming it and the arguments there are, before the calendar is read', async () => {
    // Ignored, "patientName" would list every patient's visits: another patient's facts.
    const result = await runTool('list_visits', { patientName: 'Daisy Osinski', date: 'tomorrow' }, ctx);
    expect(result).toMatchObject({
      status: 'invalid',
      say: 'list_visits takes no argument "patientName": its arguments are date, from, to, patient, after, before, language.',
    });
    expect(result).not.toHaveProperty('visits');
  });

  it('keeps update_patient’s patient language apart from the answer’s (`speaks`, not `language`)', async () => {
    const update = TOOL_DEFINITIONS.find((t) => t.name === 'update_patient');
    expect(params(update?.parameters as Schema).speaks?.description).toContain('The language the patient speaks');
    expect(params(update?.parameters as Schema).language?.enum).toEqual(['en', 'es']);
  });
});
