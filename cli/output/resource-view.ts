// Human views of platform resources: a table with the columns that matter per resource for lists, YAML
// for one object. Unknown fields are passed through untouched; `--json` bypasses all of this.
import { resourceInfo } from '../../core/voice-platform/registry.ts';
import { escapeControl, escapeControlKeepLines, escapeYamlControls } from './escape.ts';
import { type CliIo, printJson, printLines } from './io.ts';
import { renderTable } from './table.ts';

/** Reads a dotted path; `x.length` of an array is its length. */
export function pick(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    if (key === 'length' && Array.isArray(current)) return current.length;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Escaped before it is cut: the width is what the terminal shows, and no raw control character survives.
  const text = escapeControl(typeof value === 'object' ? JSON.stringify(value) : String(value));
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export function columnsFor(resource: string, rows: readonly unknown[], override?: readonly string[]): string[] {
  const known = override ?? resourceInfo(resource)?.columns;
  if (known) return [...known];
  const first = rows.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined;
  if (!first) return ['value'];
  return Object.keys(first)
    .filter((k) => typeof first[k] !== 'object' || first[k] === null)
    .slice(0, 6);
}

export function renderResourceTable(resource: string, rows: readonly unknown[], override?: readonly string[]): string {
  const columns = columnsFor(resource, rows, override);
  const snake = (text: string) =>
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[.-]/g, '_')
      .toUpperCase();
  const firsts = columns.map((path) => path.split('.')[0] ?? path);
  return renderTable(
    rows,
    columns.map((path, i) => ({
      header: snake(firsts.filter((f) => f === firsts[i]).length > 1 ? path : (firsts[i] ?? path)),
      value: (row: unknown) =>
        path === 'value' && (typeof row !== 'object' || row === null) ? cell(row) : cell(pick(row, path)),
    })),
  );
}

export interface ShowOptions {
  json?: boolean;
  resource: string;
  columns?: readonly string[];
}

/** Prints a result: JSON only with --json; otherwise a table for arrays and YAML for an object. */
export async function showResult(io: CliIo, data: unknown, options: ShowOptions): Promise<void> {
  if (options.json) return printJson(io, data);
  if (Array.isArray(data)) {
    if (data.length === 0) {
      io.stderr('no items\n');
      return;
    }
    printLines(io, renderResourceTable(options.resource, data, options.columns));
    io.stderr(`${data.length} item(s)\n`);
    return;
  }
  if (data === null || data === undefined || data === '') {
    io.stderr('done (empty response)\n');
    return;
  }
  if (typeof data === 'string') return printLines(io, escapeControlKeepLines(data));
  const { stringify } = await import('yaml');
  printLines(io, escapeYamlControls(stringify(data, { lineWidth: 0 })));
}
