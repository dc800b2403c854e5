// Names from the platform cannot drive the terminal or break a row: tables, the YAML view and error messages show
// control characters as escapes, while the values themselves (and --json) stay exact.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CliError } from '../../../cli/errors.ts';
import { escapeControl, escapeControlKeepLines, escapeYamlControls } from '../../../cli/output/escape.ts';
import type { CliIo } from '../../../cli/output/io.ts';
import { renderResourceTable, showResult } from '../../../cli/output/resource-view.ts';
import { renderTable } from '../../../cli/output/table.ts';

/** Whether text holds a raw C0 (but newline) or C1 control character, i.e. something that drives a terminal. */
function hasRawControl(text: string, { tabs = false } = {}): boolean {
  return [...text].some((ch) => {
    const code = ch.charCodeAt(0);
    if (ch === '\n' || (tabs && ch === '\t')) return false;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e);
  });
}

function capture(): { io: CliIo; out: () => string } {
  let text = '';
  return {
    io: {
      stdout: (t) => {
        text += t;
      },
      stderr: () => undefined,
      env: {},
      cwd: '/',
    },
    out: () => text,
  };
}

describe('escapeControl', () => {
  it('shows ESC, newline, tab, CR, DEL, C1 and bidi overrides as visible escapes', () => {
    expect(escapeControl('a\u001b[2Jb')).toBe('a\\x1b[2Jb');
    expect(escapeControl('one\ntwo\r\tthree')).toBe('one\\ntwo\\r\\tthree');
    expect(escapeControl('x\u007fy\u009bz\u0000')).toBe('x\\x7fy\\x9bz\\x00');
    expect(escapeControl('abc\u202Edef')).toBe('abc\\u202edef');
    expect(escapeControlKeepLines('a\nb\u001bc')).toBe('a\nb\\x1bc');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(escapeControl('Front desk — São Paulo 🏥')).toBe('Front desk — São Paulo 🏥');
  });
});

describe('tables', () => {
  const rows = [
    { id: 'a1', name: 'evil\u001b[2J\u001b[Hname' },
    { id: 'a2', name: 'two\nlines' },
    { id: 'a3', name: 'plain' },
  ];

  it('renderTable keeps one line per row and no raw control character', () => {
    const text = renderTable(rows, [
      { header: 'ID', value: (r) => r.id },
      { header: 'NAME', value: (r) => r.name },
    ]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(hasRawControl(text)).toBe(false);
    expect(lines[1]).toBe('a1  evil\\x1b[2J\\x1b[Hname');
    expect(lines[2]).toBe('a2  two\\nlines');
  });

  it('resource tables escape before they cut long cells, so the cut never keeps a raw control character', () => {
    const text = renderResourceTable('assistant', [{ id: 'x', name: `${'n'.repeat(56)}\u001b[2J` }]);
    expect(hasRawControl(text)).toBe(false);
    expect(text.split('\n')[1]).toContain(`${'n'.repeat(56)}\\x1…`);
  });

  it('a list view prints escaped rows while --json prints the exact value', async () => {
    const human = capture();
    await showResult(human.io, rows, { resource: 'assistant' });
    expect(hasRawControl(human.out())).toBe(false);
    expect(human.out().trimEnd().split('\n')).toHaveLength(4);
    const json = capture();
    await showResult(json.io, rows, { resource: 'assistant', json: true });
    expect(JSON.parse(json.out())).toEqual(rows);
  });
});

describe('the YAML view of one object', () => {
  it('escapes C0 and C1 inside quoted scalars and still reads back to the same values', async () => {
    const value = { name: 'a\u001b[2Jb', csi: 'p\u009bq', nel: 'x\u0085y', multi: 'line1\nline2', tab: 'a\tb' };
    const view = capture();
    await showResult(view.io, value, { resource: 'assistant' });
    expect(hasRawControl(view.out(), { tabs: true })).toBe(false);
    expect(parse(view.out())).toEqual(value);
    expect(escapeYamlControls('a: "x\u009by"\n')).toBe('a: "x\\x9by"\n');
  });
});

describe('error messages', () => {
  it('a CliError is one terminal-safe line whatever the server or file said', () => {
    const error = new CliError('400 name "x\u001b]0;pwned\u0007" is\ninvalid');
    expect(error.message).toBe('400 name "x\\x1b]0;pwned\\x07" is\\ninvalid');
  });
});
