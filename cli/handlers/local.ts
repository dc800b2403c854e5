// `homerounds local reset | status`: the local platform's development hooks (/__local).
import { parseDateOption } from '../commands/date-option.ts';
import { CliError, EXIT } from '../errors.ts';

/** How long a request to the local platform may take before the CLI gives up (exit 5). */
export const LOCAL_TIMEOUT_MS = 30_000;

/** The local platform did not answer: say how to start it and how to point the CLI at another port. */
export function localUnreachable(baseUrl: string, error: unknown): CliError {
  if ((error as { name?: string })?.name === 'TimeoutError') {
    return new CliError(
      `The local platform at ${baseUrl} did not answer within ${LOCAL_TIMEOUT_MS / 1000} s.`,
      EXIT.timeout,
    );
  }
  return new CliError(
    `The local platform is not reachable at ${baseUrl}. Start it with \`npm start\`; if it runs on another ` +
      'host or port, set HOMEROUNDS_LOCAL_URL (or --local-url) to the URL `npm start` prints.',
  );
}

async function call(baseUrl: string, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  let data: { message?: string };
  try {
    response = await fetch(`${baseUrl}/__local${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
    data = (await response.json().catch(() => ({}))) as { message?: string };
  } catch (error) {
    throw localUnreachable(baseUrl, error);
  }
  if (!response.ok) throw new CliError(`The local platform answered ${response.status}: ${data.message ?? 'error'}`);
  return data;
}

/** Reseeds the database (clinicians, patients, 30 days of visits from `today`) and clears injected faults. */
export async function localReset(baseUrl: string, today?: string): Promise<{ today: string; clinicians: string[] }> {
  // Checked again here (the flag parser checks first): nothing is reset for a day that does not exist.
  if (today !== undefined) parseDateOption('--today')(today);
  return (await call(baseUrl, '/reset', today ? { today } : {})) as { today: string; clinicians: string[] };
}

export async function localStatus(baseUrl: string): Promise<{ faults: unknown; clinicians: string[]; now: string }> {
  return (await call(baseUrl, '/state')) as { faults: unknown; clinicians: string[]; now: string };
}
