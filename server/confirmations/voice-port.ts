// The two voice-platform requests the batch makes (with the private key): a campaign for the evening's
// calls (`POST /campaign`) and single outbound calls for retries (`POST /call`). A call creation is never
// retried automatically (it may have been placed): the batch machine decides what happens next.

export interface VoicePort {
  createCampaign(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ id: string }>;
  createCall(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ id: string }>;
}

export class VoicePlatformError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'VoicePlatformError';
  }
}

/** The platform's error message (NestJS shape: `message` is a string or a list). */
function messageOf(body: unknown, status: number): string {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return `the voice platform answered ${status}`;
}

export function createVoicePort(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): VoicePort {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const root = options.baseUrl.replace(/\/+$/, '');
  async function post(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<{ id: string }> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
    const response = await doFetch(`${root}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const parsed = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw new VoicePlatformError(response.status, messageOf(parsed, response.status));
    const id = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : undefined;
    if (typeof id !== 'string')
      throw new VoicePlatformError(response.status, 'the voice platform answered without an id');
    return { id };
  }
  return {
    createCampaign: (body, signal) => post('/campaign', body, signal),
    createCall: (body, signal) => post('/call', body, signal),
  };
}
