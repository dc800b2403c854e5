// What every Edge Function entry needs of the Deno runtime: the server's config read from the function's
// environment (server/config.ts says which settings each function needs), checked once at start, and
// `Deno.serve` of the server's handler. One policy for all: a function missing a setting refuses to start,
// naming what to set (names only, never values). `Deno` is declared here so Node's tsc checks the entries too.

import { systemNow } from '../../../core/time/system-clock.ts';
import { type ServerFunction, serverConfigFromEnv, startProblem } from '../../../server/config.ts';
import { createServer } from '../../../server/index.ts';
import { databaseFromEnv } from './deno-db.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

/** Starts the Edge Function `fn`, or refuses to, saying which settings to fix. */
export function startFunction(fn: ServerFunction): void {
  const read = (name: string) => Deno.env.get(name);
  const config = serverConfigFromEnv(read, {
    query: databaseFromEnv(read('SUPABASE_DB_URL') ?? ''),
    now: systemNow,
    log: (line) => console.error(`[${fn}] ${line}`),
  });
  const problem = startProblem(fn, read, config);
  if (problem) throw new Error(`[${fn}] ${problem} See docs/deploy-assistant.md.`);
  Deno.serve(createServer(config).handler(fn));
}
