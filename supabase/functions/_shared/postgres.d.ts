// The slice of postgres.js (https://github.com/porsager/postgres) the Edge Functions use (_shared/deno-db.ts).
// Deno resolves the `npm:` specifier itself; this declaration only lets Node's tsc check it.
declare module 'npm:postgres@3.4.9' {
  interface Sql {
    unsafe(query: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
    end(options?: { timeout?: number }): Promise<void>;
  }
  export default function postgres(url: string, options?: Record<string, unknown>): Sql;
}
