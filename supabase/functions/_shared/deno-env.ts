// What every Edge Function entry needs of the Deno runtime: its secrets, checked once at start, and
// `Deno.serve`. One policy for all: a function missing a secret refuses to start, naming what to set
// (names only, never values). `Deno` is declared here so Node's tsc checks the entries too.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

/** A secret or setting, trimmed; '' when unset. */
export function env(name: string): string {
  return Deno.env.get(name)?.trim() ?? '';
}

/** Stops the function's start with a message saying what to fix. */
export function refuseToStart(fn: string, problem: string): never {
  throw new Error(`[${fn}] ${problem} See docs/deploy-assistant.md.`);
}

/** Refuses to start unless every named secret is set. */
export function requireSecrets(fn: string, names: readonly string[]): void {
  const missing = names.filter((name) => !env(name));
  if (missing.length > 0) {
    refuseToStart(fn, `missing secrets: ${missing.join(', ')}. Set them with \`supabase secrets set NAME=value\`.`);
  }
}

export function serve(handler: (request: Request) => Promise<Response>): void {
  Deno.serve(handler);
}
