// `homerounds local reset | status`: the local platform's development hooks (/__local).
import { CliError } from '../errors.ts';

async function call(baseUrl: string, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/__local${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new CliError(`The local platform is not reachable at ${baseUrl}. Start it with \`npm start\`.`);
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new CliError(`The local platform answered ${response.status}: ${data.message ?? 'error'}`);
  return data;
}

/** Reseeds the database (clinicians, patients, 30 days of visits from `today`) and clears injected faults. */
export async function localReset(baseUrl: string, today?: string): Promise<{ today: string; clinicians: string[] }> {
  if (today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(today)) {
    const { usageError } = await import('../errors.ts');
    throw usageError(`--today must be YYYY-MM-DD (got "${today}").`);
  }
  return (await call(baseUrl, '/reset', today ? { today } : {})) as { today: string; clinicians: string[] };
}

export async function localStatus(baseUrl: string): Promise<{ faults: unknown; clinicians: string[]; now: string }> {
  return (await call(baseUrl, '/state')) as { faults: unknown; clinicians: string[]; now: string };
}
