// The slice of postgres.js (https://github.com/porsager/postgres) the google-token Edge Function uses.
// Deno resolves the `npm:` specifier itself; this declaration only lets Node's tsc check index.ts.
declare module 'npm:postgres@3.4.9' {
  interface Sql {
    unsafe(query: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
    end(options?: { timeout?: number }): Promise<void>;
  }
  export default function postgres(url: string, options?: Record<string, unknown>): Sql;
}
