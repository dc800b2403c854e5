// Plain aligned text tables for humans; `--json` bypasses them entirely. Every cell is made terminal-safe
// (control characters and newlines shown as escapes), so no value can break a row or drive the terminal.
import { escapeControl } from './escape.ts';

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right';
}

export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((col) => escapeControl(String(col.value(row) ?? ''))));
  const widths = columns.map((col, i) => Math.max(col.header.length, ...cells.map((r) => (r[i] ?? '').length)));
  const format = (values: string[]) =>
    values
      .map((v, i) => (columns[i]?.align === 'right' ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [format(columns.map((c) => escapeControl(c.header))), ...cells.map(format)].join('\n');
}
