// Where the local platform (`npm start`) is: `--local-url`, else HOMEROUNDS_LOCAL_URL, else the default port. The
// flag has no commander default on purpose: with one, an explicit `--local-url` could not be told from the default
// and the environment would win over it.

export const DEFAULT_LOCAL_URL = 'http://127.0.0.1:8787';

/** Help text of a `--local-url` option. */
export const LOCAL_URL_HELP = `the local platform (else HOMEROUNDS_LOCAL_URL, else ${DEFAULT_LOCAL_URL})`;

export function resolveLocalUrl(flag: string | undefined, env: Record<string, string | undefined>): string {
  const url = flag?.trim() || env.HOMEROUNDS_LOCAL_URL?.trim() || DEFAULT_LOCAL_URL;
  return url.replace(/\/+$/, '');
}
