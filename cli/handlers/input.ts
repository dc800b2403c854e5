// Request bodies from --file (JSON or YAML), --data, or stdin. A malformed body is a usage error with its
// position (line:column), raised before any request is sent.
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { usageError } from '../errors.ts';

export interface BodySources {
  file?: string;
  data?: string;
  /** Reads stdin (only called when neither --file nor --data is given, or with --file -). */
  stdin?: () => Promise<string | undefined>;
  cwd: string;
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Offset of the first character where `text` stops being JSON (the engine's messages do not always say),
 * with what was wrong there. Assumes JSON.parse already failed.
 */
export function locateJsonError(text: string): { offset: number; reason: string } {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason };
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i++;
  };
  const unexpected = () => fail(i >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[i])}`);
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if ((text.charCodeAt(i) ?? 32) < 32) fail('control character in string');
      i++;
    }
    if (i >= text.length) fail('unterminated string');
    i++;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"')
          fail(i >= text.length ? 'unexpected end of input' : 'expected a double-quoted property name');
        string();
        ws();
        if (text[i] !== ':') fail("expected ':' after a property name");
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail(i >= text.length ? 'unexpected end of input' : "expected ',' or '}'");
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail(i >= text.length ? 'unexpected end of input' : "expected ',' or ']'");
      }
    }
    if (ch === '"') {
      string();
      return;
    }
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i));
    if (literal) {
      i += literal[0].length;
      return;
    }
    unexpected();
  };
  try {
    value();
    ws();
    if (i < text.length) unexpected();
  } catch (error) {
    if (error && typeof error === 'object' && 'offset' in error) return error as { offset: number; reason: string };
    throw error;
  }
  return { offset: text.length, reason: 'invalid JSON' };
}

export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { offset, reason } = locateJsonError(text);
    const { line, column } = lineColumn(text, offset);
    throw usageError(`${source}:${line}:${column}: malformed JSON: ${reason}`);
  }
}

export async function parseYamlText(text: string, source: string): Promise<unknown> {
  const { parseDocument } = await import('yaml');
  const doc = parseDocument(text, { prettyErrors: true });
  const error = doc.errors[0];
  if (error) {
    const linePos = error.linePos?.[0];
    const pos = linePos ? { line: linePos.line, column: linePos.col } : lineColumn(text, error.pos[0]);
    const reason = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'syntax error';
    throw usageError(`${source}:${pos.line}:${pos.column}: malformed YAML: ${reason}`);
  }
  return doc.toJS();
}

/**
 * Parses a document as JSON or YAML: by extension, else JSON when it looks like JSON, else YAML. A leading UTF-8
 * byte order mark (Windows editors write one) is dropped: it is not content, and JSON.parse refuses it.
 */
export async function parseDocumentText(raw: string, source: string): Promise<unknown> {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const ext = extname(source).toLowerCase();
  if (ext === '.json') return parseJsonText(text, source);
  if (ext === '.yaml' || ext === '.yml') return parseYamlText(text, source);
  return /^\s*[[{]/.test(text) ? parseJsonText(text, source) : parseYamlText(text, source);
}

/** Reads a JSON or YAML file; unreadable or malformed files are usage errors with file:line:column. */
export async function readDocumentFile(file: string, cwd: string = process.cwd()): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseDocumentText(text, file);
}

/** The request body, or undefined when none was given. */
export async function readBody(sources: BodySources): Promise<unknown> {
  if (sources.file !== undefined && sources.data !== undefined) throw usageError('give --file or --data, not both');
  if (sources.data !== undefined) return parseDocumentText(sources.data, '--data');
  if (sources.file !== undefined && sources.file !== '-') return readDocumentFile(sources.file, sources.cwd);
  const text = await sources.stdin?.();
  if (text === undefined || text.trim() === '') {
    if (sources.file === '-') throw usageError('--file - given but stdin is empty');
    return undefined;
  }
  return parseDocumentText(text, '<stdin>');
}

/** Reads all of stdin when it is piped (never waits on a terminal). */
export async function readStdin(stream: NodeJS.ReadStream = process.stdin): Promise<string | undefined> {
  if (stream.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
