// Built-in templates: list, show and fill in (the tools server's URL and secret); data out only.
// Where the tools go and how they are filled in: cli/templates/tools-server.ts.
import { CliError, EXIT } from '../errors.ts';
import { TEMPLATES } from '../templates/home-visit-scheduler.ts';
import {
  fillToolsPlaceholders,
  type ResolvedToolsServer,
  TOOLS_SECRET_PLACEHOLDER,
  TOOLS_URL_PLACEHOLDER,
  type ToolsServer,
} from '../templates/tools-server.ts';

export function listTemplates() {
  return Object.entries(TEMPLATES).map(([name, t]) => ({ name, kind: t.kind, description: t.description }));
}

function templateOf(name: string) {
  const template = TEMPLATES[name];
  if (!template) {
    throw new CliError(
      `Unknown template "${name}". Built-in templates: ${Object.keys(TEMPLATES).join(', ')}.`,
      EXIT.notFound,
    );
  }
  return template;
}

/**
 * The template to print or save into a folder: the tools URL filled in when known, the secret always as
 * its placeholder (or the credential id), for `apply` to fill in.
 */
export function templateBody(name: string, tools: ResolvedToolsServer = {}): Record<string, unknown> {
  const template = templateOf(name);
  const server: ToolsServer = tools.credentialId
    ? { url: tools.url ?? TOOLS_URL_PLACEHOLDER, credentialId: tools.credentialId }
    : { url: tools.url ?? TOOLS_URL_PLACEHOLDER, secret: TOOLS_SECRET_PLACEHOLDER };
  return template.build(server);
}

/** The template to send (`assistant create --template`): URL and secret (or credential) required. */
export function filledTemplateBody(name: string, tools: ResolvedToolsServer): Record<string, unknown> {
  return fillToolsPlaceholders(templateBody(name, tools), tools, `template ${name}`);
}
