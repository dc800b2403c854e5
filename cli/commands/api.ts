// `homerounds api <METHOD> <path>`: every operation of the platform, typed command or not, with the options and
// exit codes of every command (as `gh api`); and the call artifact verbs (`call pcap <id>` …), whose 302 to a
// presigned URL the generic handler cannot show. Handlers load only when a command runs.
import type { Command } from 'commander';
import { ENDPOINTS } from '../../core/voice-platform/registry.ts';
import type { GlobalFlags } from '../api/connect.ts';
import type { CliIo } from '../output/io.ts';
import { nativeOutput } from '../output/options.ts';
import { addApiOptions, withClient } from './api-options.ts';

interface ApiFlags extends GlobalFlags {
  data?: string;
  file?: string;
  query?: string[];
  paginate?: boolean;
  output?: string;
  fields?: string;
}

interface ArtifactFlags extends GlobalFlags {
  save?: string;
  output?: string;
  fields?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

const API_HELP = `
Examples:
  $ homerounds api GET /assistant -q limit=5
  $ homerounds api GET '/v2/call?limit=50' --paginate > calls.json
  $ homerounds api POST /eval/simulation/personality --file personality.yaml
  $ homerounds api PATCH /assistant/<id> --data '{"name":"Front desk"}'
  $ homerounds api DELETE /logs -q callId=<id>
  $ homerounds api GET /v2/call --paginate -o ndjson -F id,status,endedReason

Prints the response body as JSON (a text body as it came; a 3xx as {"status","location"}), or as --output
yaml|ndjson|table (ndjson and table: a list's items one by one; with --paginate, NDJSON page by page), keeping
only --fields id,name,… when given. Uses the same
credentials, base URL, --timeout and --retries as every command: GET, PUT and DELETE are retried on 429/5xx,
POST and PATCH only on 429, and a call creation (POST /call, /call/phone, /call/web) never. --paginate follows
the pages of a list (v1 by createdAtLe, {results, metadata} by page or cursor) and prints all items.
A non-2xx answer exits with the CLI's codes: 2 usage, 3 authentication, 4 not found, 5 timeout, else 1.`;

export function registerApi(program: Command, io: CliIo, call?: Command): void {
  const command = program
    .command('api <method> <path>')
    .description('any request to the voice platform, as `gh api` (GET, POST, PUT, PATCH, DELETE)')
    .option('-d, --data <json>', 'request body as inline JSON or YAML')
    .option('-f, --file <path>', 'request body from a JSON or YAML file (- for stdin)')
    .option('-q, --query <key=value>', 'query parameter (repeatable; beats the same key in the path)', collect)
    .option('--paginate', 'GET a list and follow its pages to the end, printing all items');
  addApiOptions(command).addHelpText('after', API_HELP);
  nativeOutput.add(command);
  command.action(async (methodArg: string, pathArg: string, flags: ApiFlags) => {
    const [{ parseApiPath, parseMethod, runApi }, { parsePairs }, { readBody, readStdin }, format] = await Promise.all([
      import('../handlers/api.ts'),
      import('../handlers/resource.ts'),
      import('../handlers/input.ts'),
      import('../output/format.ts'),
    ]);
    // Everything the user typed is checked before a connection is made: a usage error sends nothing.
    const output = format.parseOutput(flags);
    const method = parseMethod(methodArg);
    const { path, query: inPath } = parseApiPath(pathArg);
    const query = { ...inPath, ...parsePairs(flags.query, '--query') };
    // Stdin is read only when asked (--file -): a GET from a script must not wait on an open pipe.
    const body = await readBody({
      file: flags.file,
      data: flags.data,
      stdin: flags.file === '-' ? () => readStdin() : undefined,
      cwd: io.cwd,
    });
    const { usageError } = await import('../errors.ts');
    if (body !== undefined && method === 'GET') throw usageError('a GET request takes no body (--data/--file)');
    if (flags.paginate && method !== 'GET') throw usageError('--paginate follows the pages of a GET list');
    const result = await withClient(io, flags, (client) =>
      runApi(client, {
        method,
        path,
        query,
        body,
        paginate: flags.paginate,
        progress: flags.paginate ? (line) => io.stderr(`${line}\n`) : undefined,
        notice: (line) => io.stderr(`${line}\n`),
        // NDJSON of --paginate is printed page by page, as it arrives.
        onItems:
          flags.paginate && output.format === 'ndjson'
            ? (items) => io.stdout(format.ndjsonLines(items, output.fields))
            : undefined,
      }),
    );
    if (flags.paginate && output.format === 'ndjson') return;
    if (result.data === null || result.data === undefined || result.data === '') {
      io.stderr(`${result.status} (empty response)\n`);
      return;
    }
    // JSON unless asked otherwise; a text body (a CSV export) as it came. ndjson and table print a list answer
    // (a bare array, or a page's `{results}`) item by item.
    const text = typeof result.data === 'string';
    const choice = output.format || text ? output : { ...output, format: 'json' as const };
    const listed = format.listed(result.data);
    const data = choice.format === 'ndjson' || choice.format === 'table' ? listed : result.data;
    const view = { resource: result.endpoint?.resource };
    if (!(await format.printFormatted(io, data, choice, view))) {
      const { escapeControlKeepLines } = await import('../output/escape.ts');
      const { printLines } = await import('../output/io.ts');
      printLines(io, escapeControlKeepLines(String(result.data)));
    }
  });
  if (call) registerArtifactDownloads(call, io);
}

/**
 * The call artifact verbs are generated with the other `call` verbs (cli/commands/resources.ts) when the topic
 * runs; here, just before one of them parses, it gains --save and an action that reads the 302.
 */
function registerArtifactDownloads(call: Command, io: CliIo): void {
  const artifacts = new Map(
    ENDPOINTS.filter((e) => e.resource === call.name() && e.redirects).map((e) => [e.verb, e] as const),
  );
  call.hook('preSubcommand', (_call, sub) => {
    const endpoint = artifacts.get(sub.name());
    if (!endpoint || sub.options.some((o) => o.long === '--save')) return;
    sub
      .option('--save <file>', 'download the artifact to this file (- for stdout) instead of printing its URL')
      .addHelpText(
        'after',
        '\nThe platform answers with a short-lived presigned URL: printed on stdout ({"url"} with --json), or\n' +
          'downloaded with --save (the API key is never sent to the storage host; --timeout bounds each wait).',
      );
    sub.action(async (...args: unknown[]) => {
      const flags = (args.at(-1) as Command).opts<ArtifactFlags>();
      const callId = String(args[0]);
      const [{ fetchArtifact }, { parseTimeoutSeconds }, format, { usageError }] = await Promise.all([
        import('../handlers/api.ts'),
        import('../api/connect.ts'),
        import('../output/format.ts'),
        import('../errors.ts'),
      ]);
      const output = format.parseOutput(flags);
      if (flags.save === '-' && output.format) {
        throw usageError(`--save - writes the artifact to stdout: drop --${flags.json ? 'json' : 'output'}`);
      }
      const seconds =
        parseTimeoutSeconds(flags.timeout, '--timeout') ??
        parseTimeoutSeconds(io.env.HOMEROUNDS_TIMEOUT || undefined, 'HOMEROUNDS_TIMEOUT') ??
        30;
      const result = await withClient(io, flags, (client) =>
        fetchArtifact(client, endpoint, callId, { save: flags.save, cwd: io.cwd, idleMs: seconds * 1000 }),
      );
      if (await format.printFormatted(io, result, output)) return;
      if (result.file === undefined) io.stdout(`${result.url}\n`);
      else if (result.file !== '-') io.stderr(`saved ${result.bytes} byte(s) to ${result.file}\n`);
    });
  });
}
