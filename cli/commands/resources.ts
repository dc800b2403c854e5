// `homerounds <resource> <verb>` for every endpoint of the registry (core/voice-platform/registry.ts):
// generated where the pattern is generic; handlers are loaded only when a command runs.
import type { Command } from 'commander';
import { ENDPOINTS, type Endpoint, pathParams, RESOURCES, resourceNames } from '../../core/voice-platform/registry.ts';
import type { GlobalFlags } from '../api/connect.ts';
import type { CliIo } from '../output/io.ts';
import { nativeOutput } from '../output/options.ts';
import { addApiOptions, withClient } from './api-options.ts';

interface EndpointFlags extends GlobalFlags {
  file?: string;
  data?: string;
  query?: string[];
  limit?: string;
  all?: boolean;
  upload?: string;
  field?: string[];
  template?: string;
  toolsUrl?: string;
  toolsSecret?: string;
  toolsCredentialId?: string;
  validate?: boolean;
  yes?: boolean;
  output?: string;
  fields?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function placeholder(name: string): string {
  if (name === 'provider') return '11labs';
  if (name === 'resourceName') return 'pronunciation-dictionary';
  return `<${name}>`;
}

export function exampleFor(endpoint: Endpoint): string {
  const args = pathParams(endpoint.path).map(placeholder).join(' ');
  const head = `homerounds ${endpoint.resource} ${endpoint.verb}${args ? ` ${args}` : ''}`;
  const example = RESOURCES.find((r) => r.name === endpoint.resource)?.example;
  const lines: string[] = [];
  if (endpoint.list) {
    lines.push(`$ ${head} --limit 20`, `$ ${head} --all --json > all.json`);
  } else if (endpoint.body === 'multipart') {
    lines.push(`$ ${head} --upload ./file.pdf${endpoint.resource === 'file' ? ' --field purpose=assistant' : ''}`);
  } else if (endpoint.generic === 'create' && example) {
    lines.push(`$ ${head} ${example}`, `$ ${head} --file ${endpoint.resource}.yaml`);
  } else if (endpoint.body === 'json') {
    lines.push(`$ ${head} --file body.yaml`, `$ cat body.json | ${head}`);
  } else {
    lines.push(`$ ${head}${endpoint.method === 'GET' ? ' --json' : ''}`);
  }
  if (endpoint.resource === 'assistant' && endpoint.verb === 'create') {
    lines.push(
      `$ ${head} --template home-visit-scheduler --tools-url https://<ref>.supabase.co/functions/v1/assistant-tools --tools-secret "$HOMEROUNDS_TOOLS_SECRET"`,
      `$ ${head} --template home-visit-scheduler --local --data '{"name":"Scheduling (Dallas)"}'`,
    );
  }
  return `\nExample:\n${lines.map((l) => `  ${l}`).join('\n')}\n\nCalls ${endpoint.method} ${endpoint.path}${
    endpoint.createsCall ? ' (never retried automatically)' : ''
  }${endpoint.list ? ` (${endpoint.list === 'v1' ? 'v1 list: bare array, --all pages by createdAtLe and de-duplicates by id' : 'paginated list: {results, metadata}'})` : ''}.`;
}

function registerEndpoint(topic: Command, endpoint: Endpoint, io: CliIo): void {
  const params = pathParams(endpoint.path);
  const command = topic
    .command(`${endpoint.verb}${params.map((p) => ` <${p}>`).join('')}`)
    .description(endpoint.summary)
    .option('-q, --query <key=value>', 'query parameter (repeatable)', collect);
  if (endpoint.list) {
    command
      .option('--limit <n>', 'return at most n items in total (pages through as needed)')
      .option('--all', 'follow pagination to the last page');
  }
  if (endpoint.body === 'json') {
    command
      .option('-f, --file <path>', 'request body from a JSON or YAML file (- for stdin)')
      .option('-d, --data <json>', 'request body as inline JSON or YAML')
      .option('--no-validate', "send the body without checking it against the platform's published schema");
  }
  if (endpoint.body === 'multipart') {
    command
      .option('--upload <path>', 'file to upload (multipart field "file")')
      .option('--field <key=value>', 'extra multipart field (repeatable)', collect)
      .option('-f, --file <path>', 'extra fields from a JSON or YAML file')
      .option('-d, --data <json>', 'extra fields as inline JSON or YAML');
  }
  if (endpoint.resource === 'assistant' && endpoint.verb === 'create') {
    command
      .option('--template <name>', 'start from a built-in template (see homerounds template builtin)')
      .option(
        '--tools-url <url>',
        "with --template: the tools server's URL (else --local, HOMEROUNDS_TOOLS_URL, SUPABASE_URL/functions/v1/assistant-tools)",
      )
      .option(
        '--tools-secret <secret>',
        'with --template: the server secret (else HOMEROUNDS_TOOLS_SECRET); never printed',
      )
      .option('--tools-credential-id <id>', 'with --template: a platform credential instead of the secret');
  }
  if (endpoint.method === 'DELETE')
    command.option('-y, --yes', 'delete without asking (required when not on a terminal)');
  addApiOptions(command).addHelpText('after', exampleFor(endpoint));
  nativeOutput.add(command);
  command.action(async (...args: unknown[]) => {
    const flags = (args.at(-1) as Command).opts<EndpointFlags>();
    const values = args.slice(0, params.length).map(String);
    const [{ parsePairs, parseLimit, runEndpoint, confirmDeletion }, { readBody, readStdin }, { showResult }, format] =
      await Promise.all([
        import('../handlers/resource.ts'),
        import('../handlers/input.ts'),
        import('../output/resource-view.ts'),
        import('../output/format.ts'),
      ]);
    const output = format.parseOutput(flags);
    const query = parsePairs(flags.query, '--query');
    const limit = parseLimit(flags.limit);
    const paging = Boolean(endpoint.list && (flags.all || limit !== undefined));
    let body = endpoint.body
      ? await readBody({ file: flags.file, data: flags.data, stdin: () => readStdin(), cwd: io.cwd })
      : undefined;
    let redact = (value: unknown) => value;
    if (flags.template) {
      const [{ filledTemplateBody }, { maskServerSecrets, resolveToolsServer }] = await Promise.all([
        import('../handlers/templates.ts'),
        import('../templates/tools-server.ts'),
      ]);
      const tools = await resolveToolsServer(flags, io.env);
      body = { ...filledTemplateBody(flags.template, tools), ...((body as Record<string, unknown>) ?? {}) };
      // The platform answers with the assistant as created, server secret included: never print it.
      redact = (value) => maskServerSecrets(value);
    }
    const fields = endpoint.body === 'multipart' ? parsePairs(flags.field, '--field') : undefined;
    // Asked last, once everything else is known to be well-formed: a "yes" is never wasted on a usage error.
    await confirmDeletion(endpoint, values, { yes: flags.yes });
    // NDJSON of a list that pages is printed page by page, as it arrives.
    const onItems =
      paging && output.format === 'ndjson'
        ? (items: unknown[]) => io.stdout(format.ndjsonLines(items.map(redact), output.fields))
        : undefined;
    const data = await withClient(io, flags, (client) =>
      runEndpoint(client, endpoint, {
        params: values,
        query,
        body,
        upload: flags.upload,
        fields,
        all: flags.all,
        limit,
        cwd: io.cwd,
        progress: paging && !format.isMachineFormat(output) ? (line) => io.stderr(`${line}\n`) : undefined,
        onItems,
        notice: (line) => io.stderr(`${line}\n`),
        validate: flags.validate,
        bodyFrom: { file: flags.file, data: flags.data },
      }),
    );
    if (onItems) return;
    const view = { resource: endpoint.resource, columns: endpoint.columns };
    if (!(await format.printFormatted(io, redact(data), output, view))) await showResult(io, redact(data), view);
  });
}

/**
 * Registers one topic per registry resource. A topic's verbs are added only when the topic runs (commander's
 * preSubcommand hook) or its help is shown, so `homerounds --help` builds ~25 commands instead of ~170.
 * Hand-written verbs may join a topic through the returned map.
 */
/** Topic → the registration of its verbs, until they are needed (a run, its help, shell completion). */
const pending = new WeakMap<Command, () => void>();

/** Registers a topic's generated verbs now if they are not yet (idempotent; other commands are left alone). */
export function loadTopicVerbs(topic: Command): void {
  const register = pending.get(topic);
  if (!register) return;
  pending.delete(topic);
  register();
  for (const verb of topic.commands) verb.exitOverride();
}

/** A topic's help ends with examples of its main verbs (`homerounds help assistant`, `homerounds assistant -h`). */
export function topicExamples(name: string): string {
  const mine = ENDPOINTS.filter((e) => e.resource === name);
  const example = RESOURCES.find((r) => r.name === name)?.example;
  const head = (e: Endpoint) =>
    `$ homerounds ${e.resource} ${e.verb}${pathParams(e.path)
      .map((p) => ` ${placeholder(p)}`)
      .join('')}`;
  const lines: string[] = [];
  for (const verb of ['list', 'get', 'create', 'update', 'delete'] as const) {
    const e = mine.find((x) => x.generic === verb);
    if (!e) continue;
    if (verb === 'list') lines.push(`${head(e)} --limit 20`);
    else if (verb === 'get') lines.push(`${head(e)} --json`);
    else if (verb === 'create') lines.push(`${head(e)} ${example ?? `--file ${name}.yaml`}`);
    else if (verb === 'update') lines.push(`${head(e)} --file ${name}.yaml`);
    else lines.push(`${head(e)} --yes`);
  }
  if (lines.length === 0) lines.push(...mine.slice(0, 3).map((e) => head(e)));
  return `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n\nhomerounds ${name} <command> --help shows a command's flags, the request it sends and more examples.`;
}

export function registerResources(program: Command, io: CliIo): Map<string, Command> {
  const topics = new Map<string, Command>();
  for (const name of resourceNames()) {
    const info = RESOURCES.find((r) => r.name === name);
    const parent = RESOURCES.find((r) => name.startsWith(`${r.name}-`));
    const description =
      info?.description ?? (parent ? `${name.slice(parent.name.length + 1)}s of ${parent.description}` : name);
    const topic = program.command(name).description(description);
    topics.set(name, topic);
    pending.set(topic, () => {
      for (const endpoint of ENDPOINTS) if (endpoint.resource === name) registerEndpoint(topic, endpoint, io);
    });
    // `homerounds help <topic>` prints the topic's help without running it (no preSubcommand): load the verbs
    // before the help is rendered, so it lists them.
    topic.on('beforeHelp', () => loadTopicVerbs(topic));
    topic.addHelpText('after', () => topicExamples(name));
  }
  program.hook('preSubcommand', (_program, sub) => loadTopicVerbs(sub));
  return topics;
}
