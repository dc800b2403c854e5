// Voice widget: the texts the user reads (spec §8), the missing-credentials error, SDK errors mapped to texts.

/** Spec §8 texts. */
export const MISSING_CREDENTIALS_MESSAGE =
  'Missing voice-AI credentials. Please add them to your .env file and restart the dev server.';
export const MICROPHONE_DENIED_MESSAGE = 'Microphone access denied. Please allow microphone access and try again.';
export const MICROPHONE_PERMISSION_MESSAGE = 'Microphone permission denied. Please allow microphone access.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
export const ASSISTANT_NOT_FOUND_MESSAGE = 'Assistant not found. Please check your Assistant ID in the .env file.';
export const AUTHENTICATION_FAILED_MESSAGE = 'Authentication failed. Please check your Public Key in the .env file.';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
export const FAILED_TO_START_MESSAGE = 'Failed to start call';
export const failedToEndMessage = (reason: string) => `Failed to end call: ${reason}`;
export const initializationErrorMessage = (reason: string) => `Initialization error: ${reason}`;

/** Thrown by the loadClient actor when the public key or the assistant id is missing. */
export class MissingCredentialsError extends Error {
  readonly code = 'missing-credentials';
  constructor() {
    super('The voice-AI public key or assistant id is missing');
    this.name = 'MissingCredentialsError';
  }
}

/**
 * The text of an SDK error payload: a string, an Error, `{message}`, Daily's `{errorMsg}`, or the SDK's
 * `{error: {message}}` / `{error: {error: {message}}}` nesting. Empty when there is none.
 */
export function sdkErrorText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  // An Error is an object with a message, like the payloads. A truthy primitive has no text either way.
  // Stryker disable next-line ConditionalExpression
  if (raw && typeof raw === 'object') {
    const record = raw as Record<string, unknown>;
    for (const key of ['message', 'errorMsg', 'msg']) {
      const value = record[key];
      if (typeof value === 'string' && value) return value;
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('; ');
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator: an absent error has no text either way
    if (record.error !== undefined && record.error !== raw) return sdkErrorText(record.error);
  }
  return '';
}

/** Spec §8: the widget's case-insensitive mapping of an error to what the user reads. */
export function toWidgetErrorMessage(raw: unknown): string {
  const text = sdkErrorText(raw);
  const lower = text.toLowerCase();
  if (lower.includes('permission')) return MICROPHONE_PERMISSION_MESSAGE;
  if (lower.includes('network') || lower.includes('fetch')) return NETWORK_ERROR_MESSAGE;
  if (lower.includes('assistant') || lower.includes('not found')) return ASSISTANT_NOT_FOUND_MESSAGE;
  if (lower.includes('unauthorized') || lower.includes('invalid key')) return AUTHENTICATION_FAILED_MESSAGE;
  return text || UNKNOWN_ERROR_MESSAGE;
}
