// The visit-confirmation template as the CLI builds it: listed among the built-in templates, its confirmation
// tools sent to the tools server and its end-of-call reports to the confirmations webhook beside it, both with
// the server secret (or a credential); shown with placeholders and the secret never in it; filled in only when
// sent. The filled body is a POST /assistant body of the published OpenAPI document (skipped, with the reason,
// where ../shared is absent).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filledTemplateBody, listTemplates, templateBody } from '../../../cli/handlers/templates.ts';
import {
  fillToolsPlaceholders,
  maskServerSecrets,
  placeholdersIn,
  REPORT_URL_PLACEHOLDER,
  reportUrlOf,
  resolveToolsServer,
  TOOLS_SECRET_PLACEHOLDER,
  TOOLS_URL_PLACEHOLDER,
} from '../../../cli/templates/tools-server.ts';
import { visitConfirmation } from '../../../cli/templates/visit-confirmation.ts';
import { CONFIRMATION_OUTPUT_NAME, CONFIRMATION_TOOLS } from '../../../core/confirmations/contract.ts';
import { LOCAL_TOOLS_SECRET } from '../../../emulators/local-secrets.ts';
import { loadOpenApi, OpenApiValidator } from '../../support/openapi-validate.ts';
import { repoRoot } from '../../support/run-cli.ts';

const contract = join(repoRoot, '../shared/contracts/vapi-openapi.json');
const hasContract = existsSync(contract);

const TOOLS = 'https://abcd.supabase.co/functions/v1/assistant-tools';
const REPORT = 'https://abcd.supabase.co/functions/v1/confirmations/webhook';

interface Body {
  name: string;
  server: Record<string, unknown>;
  serverMessages: string[];
  model: { tools: Array<{ function: { name: string }; server: Record<string, unknown> }> };
  artifactPlan: { structuredOutputs: Array<{ name: string }> };
}

describe('the visit-confirmation template', () => {
  it('is a built-in template', () => {
    expect(listTemplates()).toContainEqual(expect.objectContaining({ name: 'visit-confirmation', kind: 'assistant' }));
  });

  it('sends the confirmation tools to the tools server and the reports to the confirmations webhook', () => {
    const body = visitConfirmation({ url: TOOLS, secret: 'the-secret' }) as unknown as Body;
    expect(body.model.tools.map((t) => t.function.name)).toEqual([...CONFIRMATION_TOOLS]);
    for (const tool of body.model.tools) {
      expect(tool.server).toEqual({ url: TOOLS, timeoutSeconds: 20, headers: { 'X-Vapi-Secret': 'the-secret' } });
    }
    expect(body.server).toMatchObject({ url: REPORT, headers: { 'X-Vapi-Secret': 'the-secret' } });
    expect(body.serverMessages).toContain('end-of-call-report');
    expect(body.artifactPlan.structuredOutputs.map((o) => o.name)).toEqual([CONFIRMATION_OUTPUT_NAME]);
    const credential = visitConfirmation({ url: TOOLS, credentialId: 'cred-1' }) as unknown as Body;
    expect(credential.server).toMatchObject({ url: REPORT, credentialId: 'cred-1' });
    expect(credential.server).not.toHaveProperty('headers');
  });

  it('finds the webhook beside the tools server, on the local platform too', async () => {
    expect(reportUrlOf(TOOLS)).toBe(REPORT);
    expect(reportUrlOf(`${TOOLS}/`)).toBe(REPORT);
    const local = await resolveToolsServer(
      { local: true },
      { HOMEROUNDS_LOCAL_URL: 'http://127.0.0.1:9000' },
      async () => ({
        toolsSecret: LOCAL_TOOLS_SECRET,
      }),
    );
    const body = filledTemplateBody('visit-confirmation', local) as unknown as Body;
    expect(body.server).toMatchObject({
      url: 'http://127.0.0.1:9000/functions/v1/confirmations/webhook',
      headers: { 'X-Vapi-Secret': LOCAL_TOOLS_SECRET },
    });
    // A tools URL outside the functions layout says nothing about where the webhook is.
    expect(reportUrlOf('https://proxy.example/tools')).toBeNull();
    expect(reportUrlOf(TOOLS_URL_PLACEHOLDER)).toBeNull();
  });

  it('keeps its placeholders when shown (never the secret), and fills them only when sent', () => {
    expect(placeholdersIn(templateBody('visit-confirmation'))).toEqual([
      TOOLS_URL_PLACEHOLDER,
      TOOLS_SECRET_PLACEHOLDER,
      REPORT_URL_PLACEHOLDER,
    ]);
    const shown = templateBody('visit-confirmation', { url: TOOLS, secret: 'never-shown' }) as unknown as Body;
    expect(JSON.stringify(shown)).not.toContain('never-shown');
    expect(placeholdersIn(shown)).toEqual([TOOLS_SECRET_PLACEHOLDER]);
    expect(shown.server.url).toBe(REPORT);

    // A template saved without a URL, applied with one: every placeholder filled, the report URL included.
    const saved = templateBody('visit-confirmation');
    const applied = fillToolsPlaceholders(saved, { url: TOOLS, secret: 'sent' }, 'f') as unknown as Body;
    expect(placeholdersIn(applied)).toEqual([]);
    expect(applied.server).toMatchObject({ url: REPORT, headers: { 'X-Vapi-Secret': 'sent' } });
    expect(applied.model.tools[0]?.server.url).toBe(TOOLS);
    expect(() => fillToolsPlaceholders(saved, { url: 'https://proxy.example/tools', secret: 's' }, 'f')).toThrow(
      /no value for \$\{HOMEROUNDS_REPORT_URL\}/,
    );
    expect(() => filledTemplateBody('visit-confirmation', { url: TOOLS })).toThrow(/\$\{HOMEROUNDS_TOOLS_SECRET\}/);
  });

  it('masks the secret of the report server as well as the tools', () => {
    const printed = JSON.stringify(
      maskServerSecrets(filledTemplateBody('visit-confirmation', { url: TOOLS, secret: 'x1y2' })),
    );
    expect(printed).not.toContain('x1y2');
    expect(printed.split('[REDACTED]').length - 1).toBe(CONFIRMATION_TOOLS.length + 1);
  });
});

describe.skipIf(!hasContract)(
  'the visit-confirmation template against the published OpenAPI document (skipped: ../shared/contracts not found)',
  () => {
    it('is a POST /assistant body, with a secret or a credential', () => {
      const openapi = new OpenApiValidator(loadOpenApi(contract));
      for (const tools of [
        { url: TOOLS, secret: 's' },
        { url: TOOLS, credentialId: 'c' },
      ]) {
        const body = filledTemplateBody('visit-confirmation', tools);
        expect(openapi.validate(body, openapi.operationSchema('POST', '/assistant', 'request'))).toEqual([]);
        expect(openapi.validate((body as unknown as Body).server, openapi.schema('Server'))).toEqual([]);
      }
    });
  },
);
