// The home-visit-scheduler template: it publishes exactly the scheduling tools of core (TOOL_DEFINITIONS),
// each sent to the tools server with the server secret (or a credential), states the assistant's rules,
// asks for the messages the web app and the tools server need, and fills in its placeholders only where
// asked. Its bodies follow the voice platform's published OpenAPI document (skipped, with the reason,
// where ../shared is absent).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filledTemplateBody, templateBody } from '../../../cli/handlers/templates.ts';
import { HOME_VISIT_SCHEDULER, homeVisitScheduler } from '../../../cli/templates/home-visit-scheduler.ts';
import {
  fillToolsPlaceholders,
  maskServerSecrets,
  placeholdersIn,
  resolveToolsServer,
  TOOLS_SECRET_PLACEHOLDER,
  TOOLS_URL_PLACEHOLDER,
} from '../../../cli/templates/tools-server.ts';
import { TOOL_NAMES } from '../../../core/assistant/contract.ts';
import { TOOL_DEFINITIONS } from '../../../core/assistant/tools/index.ts';
import { loadOpenApi, OpenApiValidator, type Schema } from '../../support/openapi-validate.ts';
import { repoRoot } from '../../support/run-cli.ts';

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
const hasContract = existsSync(contract);

interface Tool {
  type: string;
  function: { name: string; description: string; parameters: Record<string, unknown> };
  server: Record<string, unknown>;
  messages: Array<{ type: string }>;
}
interface Body {
  model: { messages: Array<{ role: string; content: string }>; tools: Tool[] };
  clientMessages: string[];
  serverMessages: string[];
}

const URL = 'https://abcd.supabase.co/functions/v1/assistant-tools';
const body = (server: Parameters<typeof homeVisitScheduler>[0]) => homeVisitScheduler(server) as unknown as Body;

describe('the home-visit-scheduler template', () => {
  it('publishes exactly the tools of core (name, description, parameters), in order', () => {
    const tools = body({ url: URL, secret: 's' }).model.tools;
    expect(tools.map((t) => t.function.name)).toEqual([...TOOL_NAMES]);
    expect(tools.map((t) => t.function)).toEqual(
      TOOL_DEFINITIONS.map((d) => ({ name: d.name, description: d.description, parameters: d.parameters })),
    );
    expect(tools.every((t) => t.type === 'function')).toBe(true);
  });

  it('sends every tool to the tools server with the secret header, or with a credential instead', () => {
    for (const tool of body({ url: URL, secret: 'the-secret' }).model.tools) {
      expect(tool.server).toEqual({ url: URL, timeoutSeconds: 20, headers: { 'X-Vapi-Secret': 'the-secret' } });
    }
    for (const tool of body({ url: URL, credentialId: 'cred-1' }).model.tools) {
      expect(tool.server).toEqual({ url: URL, timeoutSeconds: 20, credentialId: 'cred-1' });
    }
  });

  it('states the shared rules in its system prompt, and never puts the call token in it', () => {
    const [system] = body({ url: URL, secret: 's' }).model.messages;
    expect(system?.role).toBe('system');
    const prompt = system?.content ?? '';
    expect(prompt).toMatch(/do not assume today's date or the clinician's time zone: the tools know both/i);
    expect(prompt).toMatch(/never change the calendar without proposing first and getting a yes/i);
    expect(prompt).toMatch(/exactly the\s+arguments in confirmWith/i);
    expect(prompt).toMatch(/relay "say" faithfully/i);
    expect(prompt).toMatch(/day, the time, the patient or the action .* missing or unclear, ask/is);
    expect(prompt).toMatch(/never give medical advice/i);
    expect(prompt).toMatch(/call 911/);
    // Variables ({{…}}) would be filled in from the assistant overrides, where the call token travels.
    expect(prompt).not.toContain('{{');
  });

  it('asks for tool-calls-result on the client (the web app reloads) and tool-calls on the server', () => {
    const b = body({ url: URL, secret: 's' });
    expect(b.clientMessages).toContain('tool-calls-result');
    expect(b.clientMessages).toEqual(expect.arrayContaining(['transcript', 'status-update', 'speech-update']));
    expect(b.serverMessages).toEqual(['tool-calls']);
  });

  it('keeps its placeholders when shown, and fills them only when sent', () => {
    expect(placeholdersIn(HOME_VISIT_SCHEDULER)).toEqual([TOOLS_URL_PLACEHOLDER, TOOLS_SECRET_PLACEHOLDER]);
    // Shown: a known URL is filled in, the secret never.
    const shown = templateBody('home-visit-scheduler', { url: URL, secret: 'never-shown' });
    expect(JSON.stringify(shown)).not.toContain('never-shown');
    expect(placeholdersIn(shown)).toEqual([TOOLS_SECRET_PLACEHOLDER]);
    const sent = filledTemplateBody('home-visit-scheduler', { url: URL, secret: 'sent' }) as unknown as Body;
    expect(placeholdersIn(sent)).toEqual([]);
    expect(sent.model.tools[0]?.server).toEqual({ url: URL, timeoutSeconds: 20, headers: { 'X-Vapi-Secret': 'sent' } });
    expect(() => filledTemplateBody('home-visit-scheduler', { url: URL })).toThrow(
      /no value for \$\{HOMEROUNDS_TOOLS_SECRET\}/,
    );
    const credential = filledTemplateBody('home-visit-scheduler', { url: URL, credentialId: 'c' }) as unknown as Body;
    expect(credential.model.tools[0]?.server).toEqual({ url: URL, timeoutSeconds: 20, credentialId: 'c' });
  });

  it('finds the tools server: flag, --local, HOMEROUNDS_TOOLS_URL, SUPABASE_URL; the secret: flag, env, local', async () => {
    const env = { SUPABASE_URL: 'https://abcd.supabase.co/', HOMEROUNDS_TOOLS_URL: undefined };
    const asked: string[] = [];
    const platform = async (origin: string) => {
      asked.push(origin);
      return { toolsSecret: 'the-running-platforms-secret' };
    };
    expect(await resolveToolsServer({}, env, platform)).toEqual({ url: URL, urlSource: 'SUPABASE_URL' });
    expect((await resolveToolsServer({}, { ...env, HOMEROUNDS_TOOLS_URL: 'https://tools.example/x' })).url).toBe(
      'https://tools.example/x',
    );
    // --local: the secret is the running platform's, asked of it at its origin (never compiled into the CLI).
    expect(
      await resolveToolsServer({ local: true }, { ...env, HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9000/' }, platform),
    ).toEqual({
      url: 'http://127.0.0.1:9000/functions/v1/assistant-tools',
      urlSource: 'local',
      secret: 'the-running-platforms-secret',
      secretSource: 'local',
    });
    expect(asked).toEqual(['http://127.0.0.1:9000']);
    // Shown only (false): nothing is asked and no secret is filled.
    expect(await resolveToolsServer({ local: true }, env, false)).toEqual({
      url: 'http://127.0.0.1:8787/functions/v1/assistant-tools',
      urlSource: 'local',
    });
    expect((await resolveToolsServer({ toolsUrl: 'https://x.test/t', local: true }, env, platform)).url).toBe(
      'https://x.test/t',
    );
    expect((await resolveToolsServer({ toolsSecret: 'flag' }, { HOMEROUNDS_TOOLS_SECRET: 'env' })).secret).toBe('flag');
    expect((await resolveToolsServer({ local: true }, { HOMEROUNDS_TOOLS_SECRET: 'env' }, platform)).secret).toBe(
      'env',
    );
    // Only the two --local runs without a secret of their own asked the platform (the env secret wins).
    expect(asked).toEqual(['http://127.0.0.1:9000', 'http://127.0.0.1:8787']);
    await expect(resolveToolsServer({ toolsUrl: 'ftp://x' }, {})).rejects.toThrow(
      /--tools-url must be an http\(s\) URL/,
    );
    await expect(resolveToolsServer({ toolsSecret: 'a', toolsCredentialId: 'b' }, {})).rejects.toThrow(/not both/);
  });

  it('masks the secret header wherever it is, for printing and for export', () => {
    const assistant = {
      server: { url: 'u', headers: { 'x-vapi-secret': 'top' } },
      model: { tools: [{ server: { headers: { 'X-Vapi-Secret': 'tool', Other: 'kept' } } }] },
      note: { 'X-Vapi-Secret': 'not under headers: kept' },
    };
    expect(maskServerSecrets(assistant)).toEqual({
      server: { url: 'u', headers: { 'x-vapi-secret': '[REDACTED]' } },
      model: { tools: [{ server: { headers: { 'X-Vapi-Secret': '[REDACTED]', Other: 'kept' } } }] },
      note: { 'X-Vapi-Secret': 'not under headers: kept' },
    });
    const exported = maskServerSecrets(assistant, TOOLS_SECRET_PLACEHOLDER);
    expect(fillToolsPlaceholders(exported, { secret: 'again' }, 'f').model.tools[0]?.server.headers).toEqual({
      'X-Vapi-Secret': 'again',
      Other: 'kept',
    });
  });
});

/** The keywords the platform's JsonSchema (a function's parameters) documents. */
function undocumentedKeywords(schema: unknown, documented: Set<string>, path: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) if (!documented.has(key)) out.push(`${path}.${key}`);
  if (node.properties && typeof node.properties === 'object') {
    for (const [name, child] of Object.entries(node.properties as Record<string, unknown>)) {
      undocumentedKeywords(child, documented, `${path}.properties.${name}`, out);
    }
  }
  if (node.items) undocumentedKeywords(node.items, documented, `${path}.items`, out);
}

describe.skipIf(!hasContract)(
  'the template against the published OpenAPI document (skipped: ../shared/contracts not found)',
  () => {
    const openapi = hasContract ? new OpenApiValidator(loadOpenApi(contract)) : (null as unknown as OpenApiValidator);

    it("each tool is a CreateFunctionToolDTO and one of model.tools' branches; the assistant a POST /assistant body", () => {
      for (const server of [
        { url: URL, secret: 's' },
        { url: URL, credentialId: 'c' },
      ]) {
        const assistant = homeVisitScheduler(server);
        const tools = (assistant as unknown as Body).model.tools;
        for (const tool of tools) {
          expect(openapi.validate(tool, openapi.schema('CreateFunctionToolDTO')), tool.function.name).toEqual([]);
          expect(openapi.validate(tool.server, openapi.schema('Server')), tool.function.name).toEqual([]);
          // OpenAIFunction.name: /^[a-zA-Z0-9_-]{1,64}$/ (the validator does not read `pattern`).
          expect(tool.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        }
        const modelTools = openapi.resolve(openapi.schema('OpenAIModel')).properties?.tools as Schema;
        expect(openapi.validate(tools, modelTools)).toEqual([]);
        expect(openapi.validate(assistant, openapi.operationSchema('POST', '/assistant', 'request'))).toEqual([]);
      }
      // Not a rubber stamp: a server without a URL type, or an unknown message type, is refused.
      expect(openapi.validate({ url: 1 }, openapi.schema('Server'))).not.toEqual([]);
      expect(
        openapi.validate({ type: 'function', messages: [{ type: 'nope' }] }, openapi.schema('CreateFunctionToolDTO')),
      ).not.toEqual([]);
      expect(
        openapi.validate({ clientMessages: ['tool-calls-result', 'nope'] }, openapi.schema('CreateAssistantDTO')),
      ).toContainEqual(expect.stringContaining('$.clientMessages[1]: "nope" is not one of'));
    });

    it('uses only fields the current Server and assistant schemas declare (no legacy server.secret)', () => {
      const serverFields = Object.keys(openapi.resolve(openapi.schema('Server')).properties ?? {});
      const assistantFields = Object.keys(openapi.resolve(openapi.schema('CreateAssistantDTO')).properties ?? {});
      for (const server of [
        { url: URL, secret: 's' },
        { url: URL, credentialId: 'c' },
      ]) {
        const assistant = homeVisitScheduler(server);
        expect(Object.keys(assistant).filter((k) => !assistantFields.includes(k))).toEqual([]);
        for (const tool of (assistant as unknown as Body).model.tools) {
          expect(Object.keys(tool.server).filter((k) => !serverFields.includes(k))).toEqual([]);
        }
      }
      expect(serverFields).not.toContain('secret');
    });

    it("keeps the tools' parameters to the JsonSchema keywords the platform documents, plus minimum/maximum", () => {
      // The platform's JsonSchema lists type, items, properties, description, pattern, format, required, enum,
      // title. The tools' integer ranges (minimum/maximum, standard JSON Schema that OpenAI's function calling
      // reads) are the only addition; the tools server checks the ranges again itself.
      const documented = new Set(Object.keys(openapi.resolve(openapi.schema('JsonSchema')).properties ?? {}));
      const extra: string[] = [];
      for (const tool of (homeVisitScheduler({ url: URL, secret: 's' }) as unknown as Body).model.tools) {
        undocumentedKeywords(tool.function.parameters, documented, tool.function.name, extra);
      }
      expect([...new Set(extra.map((p) => p.split('.').at(-1)))].sort()).toEqual(['maximum', 'minimum']);
    });
  },
);
