// The output choice a user types (`--output`, `--fields`, `--json`) and what it prints: projections by dotted
// paths that keep the nesting and invent nothing, NDJSON one object per line, YAML that reads back the same and
// cannot drive a terminal, and the usage errors for what does not parse.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CliError, EXIT } from '../../../cli/errors.ts';
import { ndjsonLines, parseFields, parseOutput, printFormatted, project } from '../../../cli/output/format.ts';

function capture() {
  const out = { stdout: '', stderr: '' };
  const io = {
    stdout: (t: string) => {
      out.stdout += t;
    },
    stderr: (t: string) => {
      out.stderr += t;
    },
    env: {},
    cwd: '/',
  };
  return { io, out };
}

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    return (error as CliError).message;
  }
  throw new Error('no usage error');
}

describe('parseOutput', () => {
  it('--json is --output json; formats are case-insensitive; conflicts and unknown formats are usage errors', () => {
    expect(parseOutput({ json: true })).toEqual({ format: 'json', fields: undefined });
    expect(parseOutput({ output: 'YAML' })).toEqual({ format: 'yaml', fields: undefined });
    expect(parseOutput({ json: true, output: 'json', fields: 'id, name' })).toEqual({
      format: 'json',
      fields: ['id', 'name'],
    });
    expect(parseOutput({})).toEqual({ format: undefined, fields: undefined });
    expect(usage(() => parseOutput({ output: 'csv' }))).toContain('--output must be one of json, yaml, ndjson, table');
    expect(usage(() => parseOutput({ json: true, output: 'table' }))).toContain('--json is --output json');
    expect(usage(() => parseFields(''))).toContain('--fields expects');
    expect(usage(() => parseFields('model..model'))).toContain('--fields expects');
  });
});

describe('project', () => {
  it('keeps dotted paths nested as they were, leaves out what is missing, and maps lists item by item', () => {
    const assistant = { id: 'a', name: 'n', model: { model: 'gpt', provider: 'openai', toolIds: ['t1'] }, voice: null };
    expect(project(assistant, ['id', 'model.model', 'model.toolIds', 'voice', 'nope.deeper'])).toEqual({
      id: 'a',
      model: { model: 'gpt', toolIds: ['t1'] },
      voice: null,
    });
    expect(project([assistant, { id: 'b' }], ['id', 'name'])).toEqual([{ id: 'a', name: 'n' }, { id: 'b' }]);
    expect(project('text', ['id'])).toBe('text');
    expect(project(assistant, undefined)).toBe(assistant);
  });
});

describe('printFormatted', () => {
  const rows = [
    { id: '1', name: 'a\u009b2J\nb', model: { model: 'm' } },
    { id: '2', name: 'c', model: { model: 'n' } },
  ];

  it('ndjson: one compact line per item; yaml: reads back, no raw C1 control', async () => {
    expect(ndjsonLines(rows, ['id'])).toBe('{"id":"1"}\n{"id":"2"}\n');
    expect(ndjsonLines({ id: 'x' })).toBe('{"id":"x"}\n');
    const yaml = capture();
    expect(await printFormatted(yaml.io, rows, { format: 'yaml' })).toBe(true);
    expect(parse(yaml.out.stdout)).toEqual(rows);
    expect(yaml.out.stdout).not.toContain('\u009b');
  });

  it('table: chosen columns with escaped cells; the default view is left to the command', async () => {
    const table = capture();
    await printFormatted(table.io, rows, { format: 'table', fields: ['id', 'name'] });
    expect(table.out.stdout.split('\n')).toEqual(['ID  NAME', '1   a\\x9b2J\\nb', '2   c', '']);
    expect(table.out.stderr).toBe('2 item(s)\n');
    const none = capture();
    expect(await printFormatted(none.io, rows, {})).toBe(false);
    expect(none.out.stdout).toBe('');
  });
});
