// Built-in templates: list and show; data out only.

import { CliError, EXIT } from '../errors.ts';
import { TEMPLATES } from '../templates/home-visit-scheduler.ts';

export function listTemplates() {
  return Object.entries(TEMPLATES).map(([name, t]) => ({ name, kind: t.kind, description: t.description }));
}

export function templateBody(name: string): Record<string, unknown> {
  const template = TEMPLATES[name];
  if (!template) {
    throw new CliError(
      `Unknown template "${name}". Built-in templates: ${Object.keys(TEMPLATES).join(', ')}.`,
      EXIT.notFound,
    );
  }
  return structuredClone(template.body);
}
