// The voice-platform requests the batch makes (with the private key): a campaign for the evening's calls
// (`POST /campaign`), single outbound calls for retries (`POST /call`), and a call as the platform knows it
// (`GET /call/:id`), which is how a report for a campaign call is checked to be one the batch placed. A call creation
// is never retried automatically (it may have been placed): the batch machine decides what happens next.

/** What the platform says of a call: which campaign and assistant placed it, to whom. */
export interface PlacedCall {
  id: string;
  campaignId: string | null;
  assistantId: string | null;
  customerNumber: string | null;
  externalId: string | null;
}

export interface VoicePort {
  createCampaign(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ id: string }>;
  createCall(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ id: string }>;
  /** The call of that id in our organisation, or null when the platform has none (404). */
  getCall(id: string, signal?: AbortSignal): Promise<PlacedCall | null>;
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
  async function getCall(id: string, signal?: AbortSignal): Promise<PlacedCall | null> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
    const response = await doFetch(`${root}/call/${encodeURIComponent(id)}`, {
      headers: { authorization: `Bearer ${options.apiKey}` },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    // The platform answers 400 for an id that is not a uuid and 404 for one it does not have: neither is ours.
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw new VoicePlatformError(response.status, messageOf(parsed, response.status));
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const customer =
      parsed?.customer && typeof parsed.customer === 'object' ? (parsed.customer as Record<string, unknown>) : {};
    if (text(parsed?.id) !== id)
      throw new VoicePlatformError(response.status, 'the voice platform answered another call');
    return {
      id,
      campaignId: text(parsed?.campaignId),
      assistantId: text(parsed?.assistantId),
      customerNumber: text(customer.number),
      externalId: text(customer.externalId),
    };
  }

  return {
    createCampaign: (body, signal) => post('/campaign', body, signal),
    createCall: (body, signal) => post('/call', body, signal),
    getCall,
  };
}
