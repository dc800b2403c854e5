// One call to a server function (a Supabase Edge Function, or the local platform's mount of the same handler):
// `POST {supabaseUrl}/functions/v1/<name>` with the anon key as `apikey` and the clinician's session as Bearer, the
// body as JSON. Each function's client reads the answer in its own shape; this is only the request.

export type FunctionFetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface FunctionCall {
  supabaseUrl: string;
  anonKey: string;
  accessToken: string;
  fetch: FunctionFetch;
  signal?: AbortSignal;
}

/** `https://<ref>.supabase.co/functions/v1/<name>` (a trailing slash on the base is dropped). */
export function functionUrl(supabaseUrl: string, name: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${name}`;
}

/**
 * The function's response, or null when nothing answered (a network failure); an abort (the caller gave up) is
 * rethrown as it came.
 */
export async function postFunction(call: FunctionCall, name: string, body: unknown): Promise<Response | null> {
  try {
    return await call.fetch(functionUrl(call.supabaseUrl, name), {
      method: 'POST',
      headers: {
        apikey: call.anonKey,
        Authorization: `Bearer ${call.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      ...(call.signal ? { signal: call.signal } : {}),
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    return null;
  }
}
