// Runs an Edge Function entry under Deno as the Supabase runtime would, without listening: `Deno.serve`
// is replaced to capture the handler, the entry is imported, and each request given (a JSON list of
// {method, path?, headers?, body?} in the second argument) is answered; the answers are printed as one JSON
// array {status, body}. A failure at start (missing secrets) ends the process with its error.
// Usage: deno run --allow-env --allow-read run-entry.ts <entry file URL> '<requests JSON>'

declare const Deno: {
  args: string[];
  serve: unknown;
};

type Handler = (request: Request) => Response | Promise<Response>;
let handler: Handler | null = null;
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  writable: true,
  value: (h: Handler) => {
    handler = h;
    return { finished: Promise.resolve(), shutdown: async () => {} };
  },
});

const [entry, requestsJson] = Deno.args;
await import(entry as string);
const serve = handler as Handler | null;
if (!serve) throw new Error(`${entry} did not call Deno.serve`);
const requests = JSON.parse(requestsJson ?? '[]') as Array<{
  method: string;
  /** The request's path (default `/`), for functions with sub-paths. */
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}>;
const answers: Array<{ status: number; body: string }> = [];
for (const r of requests) {
  const response = await serve(
    new Request(`http://edge.local${r.path ?? '/'}`, { method: r.method, headers: r.headers, body: r.body ?? null }),
  );
  answers.push({ status: response.status, body: await response.text() });
}
console.log(JSON.stringify(answers));

export {};
