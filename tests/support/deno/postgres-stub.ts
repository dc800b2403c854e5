// Stands in for `npm:postgres@3.4.9` when a test runs an Edge Function entry under Deno offline (the test's
// import map points the specifier here): a database with no rows, so no grant is ever found.
export default function postgres(_url: string, _options?: Record<string, unknown>) {
  return {
    unsafe: async (_query: string, _params?: unknown[]): Promise<Record<string, unknown>[]> => [],
    end: async () => {},
  };
}
