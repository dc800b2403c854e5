// `--output json|yaml|ndjson|table` and `--fields a,b.c` for every command that prints data (`--json` is
// `--output json`). Field selection is the table's columns, or a projection of each object by dotted paths for
// json/yaml/ndjson. Without either flag a command prints as it always did (a table or YAML for people; `--json`
// passes the platform's JSON through untouched).
import { usageError } from '../errors.ts';
import { escapeControlKeepLines, escapeYamlControls } from './escape.ts';
import type { CliIo } from './io.ts';
import { OUTPUT_FORMATS, type OutputFormat } from './options.ts';
import { pick, renderResourceTable } from './resource-view.ts';

export interface OutputFlags {
  json?: boolean;
  output?: string;
  fields?: string;
}

/** What to print: a format (undefined = the command's own view for people) and the fields to keep. */
export interface OutputChoice {
  format?: OutputFormat;
  fields?: string[];
}

/** `id, name,model.model` → ['id', 'name', 'model.model']; an empty list or segment is a usage error. */
export function parseFields(text: string): string[] {
  const fields = text.split(',').map((f) => f.trim());
  for (const field of fields) {
    if (!/^[^.\s]+(\.[^.\s]+)*$/.test(field)) {
      throw usageError(`--fields expects comma-separated dotted paths such as id,name,model.model (got "${text}")`);
    }
  }
  return fields;
}

/** The flags → what to print; conflicting or unknown values are usage errors (nothing is sent). */
export function parseOutput(flags: OutputFlags): OutputChoice {
  let format: OutputFormat | undefined;
  if (flags.output !== undefined) {
    const value = flags.output.trim().toLowerCase();
    if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
      throw usageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')} (got "${flags.output}")`);
    }
    format = value as OutputFormat;
    if (flags.json && format !== 'json')
      throw usageError(`--json is --output json: drop one of --json, --output ${format}`);
  } else if (flags.json) {
    format = 'json';
  }
  return { format, fields: flags.fields === undefined ? undefined : parseFields(flags.fields) };
}

/** Whether stdout carries machine-readable data only (progress and notes stay on stderr either way). */
export function isMachineFormat(choice: OutputChoice): boolean {
  return choice.format === 'json' || choice.format === 'yaml' || choice.format === 'ndjson';
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = value;
}

/**
 * Keeps only the given dotted paths of an object, nested as they were (`model.model` → `{model: {model}}`);
 * paths the object does not have are left out rather than invented as null. Non-objects stay as they are.
 */
export function project(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => project(item, fields));
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const picked = pick(value, field);
    if (picked !== undefined) setPath(out, field, picked);
  }
  return out;
}

type Stringify = (value: unknown, options: { lineWidth: number }) => string;
let yamlStringify: Stringify | undefined;

/** `yaml` is loaded only when YAML is printed: `homerounds --help` and JSON output never load it. */
export async function loadYaml(): Promise<void> {
  yamlStringify ??= (await import('yaml')).stringify as Stringify;
}

function yamlText(value: unknown): string {
  if (!yamlStringify) throw new Error('loadYaml() first');
  // Terminal-safe: C1 controls become YAML escapes inside quoted strings; the document reads back the same.
  return escapeYamlControls(yamlStringify(value, { lineWidth: 0 }));
}

const ensureNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** NDJSON lines of one result: a list item by item, anything else as one line. */
export function ndjsonLines(data: unknown, fields?: readonly string[]): string {
  const items = Array.isArray(data) ? data : [data];
  return items.map((item) => `${JSON.stringify(project(item, fields)) ?? 'null'}\n`).join('');
}

export interface PrintOptions {
  /** The registry resource, for its table columns. */
  resource?: string;
  /** Table columns when none are chosen with --fields (else the resource's). */
  columns?: readonly string[];
}

/**
 * Prints a result in a machine format, or as a table (`--output table`, or `--fields` with the default view).
 * Returns false when the command's own view for people should print it instead.
 */
export async function printFormatted(
  io: CliIo,
  data: unknown,
  choice: OutputChoice,
  options: PrintOptions = {},
): Promise<boolean> {
  const { format, fields } = choice;
  if (format === 'json') {
    io.stdout(`${JSON.stringify(project(data, fields), null, 2)}\n`);
    return true;
  }
  if (format === 'ndjson') {
    io.stdout(ndjsonLines(data, fields));
    return true;
  }
  if (format === 'yaml') {
    await loadYaml();
    io.stdout(ensureNewline(yamlText(project(data, fields))));
    return true;
  }
  if (format === 'table' || (format === undefined && fields)) {
    printTable(io, data, fields, options);
    return true;
  }
  return false;
}

/** A list as rows, one object as one row; the columns are the fields, else the resource's. */
function printTable(io: CliIo, data: unknown, fields: readonly string[] | undefined, options: PrintOptions): void {
  if (typeof data === 'string') {
    io.stdout(ensureNewline(escapeControlKeepLines(data)));
    return;
  }
  const rows = Array.isArray(data) ? data : data === null || data === undefined ? [] : [data];
  if (rows.length === 0) {
    io.stderr('no items\n');
    return;
  }
  io.stdout(`${renderResourceTable(options.resource ?? '', rows, fields ?? options.columns)}\n`);
  if (Array.isArray(data)) io.stderr(`${rows.length} item(s)\n`);
}

/**
 * A stdout that turns a command's `--json` output into the chosen format, for commands that know only `--json`.
 * Each write of such a command is one JSON document (a pretty document, or one NDJSON line), so each is
 * converted as it comes: streams (`call watch`, `confirmations run`) stay streams. A write that is not JSON
 * passes through untouched. Call loadYaml() first for YAML.
 */
export function convertingStdout(io: CliIo, choice: OutputChoice, options: PrintOptions = {}): CliIo['stdout'] {
  let documents = 0;
  return (text: string) => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      io.stdout(text);
      return;
    }
    const oneLine = text.trimEnd().indexOf('\n') === -1;
    if (choice.format === 'ndjson' || (choice.format === 'json' && oneLine && !Array.isArray(data))) {
      // A stream of NDJSON stays one object per line.
      io.stdout(ndjsonLines(data, choice.fields));
    } else if (choice.format === 'json') {
      io.stdout(`${JSON.stringify(project(data, choice.fields), null, 2)}\n`);
    } else if (choice.format === 'yaml') {
      io.stdout(`${documents > 0 ? '---\n' : ''}${ensureNewline(yamlText(project(data, choice.fields)))}`);
    } else {
      printTable(io, data, choice.fields, options);
    }
    documents++;
  };
}

/** A list answer's items (a bare array, or a page's `{results}`); anything else as it is. */
export function listed(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const results = (data as { results?: unknown }).results;
    if (Array.isArray(results)) return results;
  }
  return data;
}
