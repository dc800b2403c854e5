// Exit codes are part of the CLI's contract (documented in `homerounds --help`); never reuse a
// code for a different meaning.
import { escapeControl } from './output/escape.ts';

export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  timeout: 5,
} as const;

/** `homerounds call simulate`: 10 + the position of the start stage that failed (11 web-call-creation … 17). */
export const CALL_STAGE_EXIT_BASE = 10;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT] | number;

export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  error (the request failed, or the result is negative, e.g. an infeasible route)
  2  usage (bad flags or malformed input; nothing was sent)
  3  authentication (missing or rejected credentials)
  4  not found
  5  timeout (no answer within --timeout: 30 s per request by default, retries included)
  11, 12, 14  call simulate only: the call start stage that failed (see homerounds call simulate --help)`;

/**
 * An error the CLI reports as one line on stderr with a specific exit code. Messages quote names, file contents
 * and server answers, so their control characters are escaped here: one line, and nothing that drives a terminal.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, exitCode: ExitCode = EXIT.error) {
    super(escapeControl(message));
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}
