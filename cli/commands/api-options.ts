// Options every command that talks to the voice platform accepts, and the glue that runs a handler with
// a client and closes it afterwards.
import type { Command } from 'commander';
import type { ApiClient } from '../api/client.ts';
import type { GlobalFlags } from '../api/connect.ts';
import type { Connection } from '../config/credentials.ts';
import type { CliIo } from '../output/io.ts';
import { addOutputOptions } from '../output/options.ts';

export function addApiOptions(command: Command): Command {
  addOutputOptions(command.option('--json', 'print only JSON on stdout'));
  return command
    .option('--api-key <key>', 'private API key (else VAPI_API_KEY, else the profile saved by homerounds login)')
    .option(
      '--profile <name>',
      'use the key and base URL saved by homerounds login --profile <name> (else HOMEROUNDS_PROFILE)',
    )
    .option('--base-url <url>', 'API base URL (else VAPI_BASE_URL; default https://api.vapi.ai); not with --region')
    .option('--region <region>', 'us | eu (https://api.eu.vapi.ai); not with --base-url or --local')
    .option('--local', 'target the local platform (HOMEROUNDS_LOCAL_URL or http://127.0.0.1:8787) with its private key')
    .option(
      '--timeout <seconds>',
      'deadline per request in seconds, retries and their waits included (default 30, else HOMEROUNDS_TIMEOUT; must be > 0)',
    )
    .option('--retries <n>', 'retries on 429/5xx for idempotent requests (default 3)')
    .option('--debug', 'log requests and responses on stderr (keys redacted)');
}

export async function withClient<T>(
  io: CliIo,
  flags: GlobalFlags,
  fn: (client: ApiClient, connection: Connection) => Promise<T>,
): Promise<T> {
  const { connect } = await import('../api/connect.ts');
  const { client, connection } = await connect(flags, io.env, io);
  for (const note of connection.notes ?? []) io.stderr(`${note}\n`);
  try {
    return await fn(client, connection);
  } finally {
    await client.close();
  }
}
