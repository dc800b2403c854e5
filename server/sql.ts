// The one database port the server's stores use: a bare `query(sql, params)`, so the same stores run on the
// local platform's PGlite and, in the Edge Functions, on postgres.js (supabase/functions/_shared/deno-grants.ts).
// Parameters are always bound ($1, $2, …): no value is ever spliced into the SQL text.
export type SqlQuery = (sql: string, params: readonly unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
