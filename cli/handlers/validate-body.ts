// Checks a request body before it is sent, against the schemas derived from the voice platform's published
// OpenAPI document (core/voice-platform/validate-request.ts): every problem listed with the field and, for a
// file, its `file:line`, then exit 2 with nothing sent. `--no-validate` skips it. Loaded only for bodies.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Endpoint } from '../../core/voice-platform/registry.ts';
import { validateRequest } from '../../core/voice-platform/validate-request.ts';
import { CliError, EXIT } from '../errors.ts';
import { escapeControl } from '../output/escape.ts';

/** Where a body came from: its name as the user wrote it (`voice/assistants/a.yaml`, `--data`) and its text. */
export interface BodySource {
  name: string;
  text?: string;
}

/** One problem, located: `assistant.yaml:3: property nmae should not exist`. */
export interface BodyProblem {
  /** `name:line` when the text locates the field, else `name`. */
  where: string;
  line?: number;
  message: string;
}

/** Every problem found in the bodies, one per line, exit 2 (nothing was sent). */
export class InvalidBodyError extends CliError {
  readonly problems: readonly BodyProblem[];
  constructor(problems: readonly BodyProblem[]) {
    super('', EXIT.usage);
    this.problems = problems;
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    // One line per problem (CliError would escape the newlines); each line is escaped on its own.
    this.message = [
      `the platform would refuse this (${count}; nothing was sent, --no-validate sends it anyway):`,
      ...problems.map((p) => `  ${escapeControl(`${p.where}: ${p.message}`)}`),
    ].join('\n');
  }
}

/**
 * Line (1-based) of the field at `path` in a JSON or YAML text: the key's line for a property, the item's for
 * an array element, the nearest enclosing object's when the field is missing. Undefined when the text does
 * not parse.
 */
export async function lineOf(text: string, path: ReadonlyArray<string | number>): Promise<number | undefined> {
  const { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar } = await import('yaml');
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  if (doc.errors.length) return undefined;
  let node: unknown = doc.contents;
  let offset = (doc.contents as { range?: [number] } | null)?.range?.[0];
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      offset = (pair.key as { range?: [number] }).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as { range?: [number] } | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else break;
  }
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

/**
 * The problems of `body` for an endpoint, located in `source` (empty when it is valid or when the published
 * document has no schema for the endpoint). For `homerounds apply`: call it per file, then throw
 * `new InvalidBodyError(all)` when any file has problems.
 */
export async function bodyProblems(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  body: unknown,
  source: BodySource,
): Promise<BodyProblem[]> {
  const problems = validateRequest(endpoint.method, endpoint.path, body ?? {});
  if (!problems?.length) return [];
  const out: BodyProblem[] = [];
  for (const problem of problems) {
    const line = source.text === undefined ? undefined : await lineOf(source.text, problem.path);
    out.push({ where: line ? `${source.name}:${line}` : source.name, line, message: problem.message });
  }
  return out;
}

/** Where a command's body came from (its flags); the file is read again only to locate problems. */
export interface BodyOrigin {
  file?: string;
  data?: string;
  cwd: string;
}

async function sourceOf(origin: BodyOrigin | undefined): Promise<BodySource> {
  if (origin?.data !== undefined) return { name: '--data', text: origin.data };
  if (origin?.file !== undefined && origin.file !== '-') {
    const text = await readFile(resolve(origin.cwd, origin.file), 'utf8').catch(() => undefined);
    return { name: origin.file, text: text?.replace(/^\uFEFF/, '') };
  }
  return { name: origin?.file === '-' ? '<stdin>' : 'body' };
}

/** Throws InvalidBodyError (exit 2) listing every problem of the body a command is about to send. */
export async function assertValidBody(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  body: unknown,
  origin?: BodyOrigin,
): Promise<void> {
  if (validateRequest(endpoint.method, endpoint.path, body ?? {})?.length) {
    const problems = await bodyProblems(endpoint, body, await sourceOf(origin));
    if (problems.length) throw new InvalidBodyError(problems);
  }
}
