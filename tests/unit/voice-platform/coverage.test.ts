// Every operation of both published OpenAPI documents (the current one and the 2025-08-27 one, which still has
// /logs, /workflow, /test-suite and v1 knowledge bases) is reachable through a typed `homerounds` command: the
// registry has it, the built command tree has the verb with the path's arguments, and its help names the request.
// An operation may instead be listed as reachable only through `homerounds api`, with the reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../cli/output/io.ts';
import { buildProgram, runCli } from '../../../cli/program.ts';
import { ENDPOINTS, type Endpoint, normalizePath, pathParams } from '../../../core/voice-platform/registry.ts';

const contracts = join(import.meta.dirname, '../../../../shared/contracts');
const DOCUMENTS = ['vapi-openapi.json', 'vapi-openapi-2025-08-27.json'];
const hasContracts = DOCUMENTS.every((f) => existsSync(join(contracts, f)));

/** Operations reachable only through `homerounds api <METHOD> <path>`, each with why it has no typed command. */
const API_ONLY: Record<string, string> = {};

type Op = `${string} ${string}`;
const op = (method: string, path: string): Op => `${method.toUpperCase()} ${normalizePath(path)}`;

function documentOps(file: string): Map<Op, string> {
  const doc = JSON.parse(readFileSync(join(contracts, file), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const ops = new Map<Op, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        ops.set(op(method, path), operation.operationId ?? `${method} ${path}`);
      }
    }
  }
  return ops;
}

function quietIo(): CliIo & { out: () => string } {
  let out = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      out += text;
    },
    env: {},
    cwd: process.cwd(),
    out: () => out,
  };
}

/** The verb commands of a topic as the CLI builds them (verbs are added when the topic runs). */
async function verbsOf(topic: string): Promise<readonly Command[]> {
  const program = buildProgram(quietIo());
  await program.parseAsync([topic, '--help'], { from: 'user' }).catch(() => undefined);
  return program.commands.find((c) => c.name() === topic)?.commands ?? [];
}

async function helpOf(endpoint: Endpoint): Promise<string> {
  const io = quietIo();
  const code = await runCli([endpoint.resource, endpoint.verb, '--help'], io);
  expect(code, `${endpoint.resource} ${endpoint.verb} --help`).toBe(0);
  return io.out();
}

const byOp = new Map(ENDPOINTS.map((e) => [op(e.method, e.path), e]));

describe.skipIf(!hasContracts)(
  'every operation of the published OpenAPI documents is reachable (skipped: ../shared/contracts not found)',
  () => {
    const verbs = new Map<string, readonly Command[]>();

    for (const file of DOCUMENTS) {
      it(`${file}: a typed command for each operation, or a reason it is api-only`, async () => {
        const ops = documentOps(file);
        expect(ops.size).toBeGreaterThan(50);
        const unreachable: string[] = [];
        for (const [key, operationId] of ops) {
          if (API_ONLY[key]) continue;
          const endpoint = byOp.get(key);
          if (!endpoint) {
            unreachable.push(`${key} (${operationId})`);
            continue;
          }
          if (!verbs.has(endpoint.resource)) verbs.set(endpoint.resource, await verbsOf(endpoint.resource));
          const command = verbs.get(endpoint.resource)?.find((c) => c.name() === endpoint.verb);
          if (!command) {
            unreachable.push(`${key}: no command homerounds ${endpoint.resource} ${endpoint.verb}`);
            continue;
          }
          // The verb takes the path's parameters as its arguments, in order.
          expect(
            command.registeredArguments.map((a) => a.name()),
            `${endpoint.resource} ${endpoint.verb}`,
          ).toEqual(pathParams(endpoint.path));
        }
        expect(unreachable).toEqual([]);
      });
    }

    it('each typed command says in its help which request it makes', async () => {
      const ops = new Set(DOCUMENTS.flatMap((file) => [...documentOps(file).keys()]));
      for (const key of ops) {
        const endpoint = byOp.get(key);
        if (!endpoint) continue;
        expect(await helpOf(endpoint), key).toContain(`${endpoint.method} ${endpoint.path}`);
      }
    });

    it('call artifacts (302 to a presigned URL) can be downloaded: their verbs take --save', async () => {
      const artifacts = ENDPOINTS.filter((e) => e.redirects);
      expect(artifacts.map((e) => normalizePath(e.path)).sort()).toEqual(
        [...documentOps('vapi-openapi.json').keys()]
          .filter((key) => /^GET \/call\/\{\}\/[a-z-]+$/.test(key))
          .map((key) => key.slice(4))
          .sort(),
      );
      for (const endpoint of artifacts) expect(await helpOf(endpoint), endpoint.verb).toContain('--save <file>');
    });

    it('lists as api-only only operations that exist and have no typed command, each with a reason', () => {
      const ops = new Set(DOCUMENTS.flatMap((file) => [...documentOps(file).keys()]));
      for (const [key, reason] of Object.entries(API_ONLY)) {
        expect(ops.has(key as Op), `${key} is in a document`).toBe(true);
        expect(byOp.has(key as Op), `${key} has a typed command now: drop it from API_ONLY`).toBe(false);
        expect(reason.length, key).toBeGreaterThan(10);
      }
    });
  },
);

describe('homerounds api', () => {
  it('is a command of its own, with the options every platform command has', () => {
    const api = buildProgram(quietIo()).commands.find((c) => c.name() === 'api');
    expect(api?.registeredArguments.map((a) => a.name())).toEqual(['method', 'path']);
    const flags = api?.options.map((o) => o.long) ?? [];
    for (const flag of ['--data', '--file', '--query', '--paginate', '--api-key', '--base-url', '--local', '--timeout'])
      expect(flags).toContain(flag);
  });
});
