// The local platform's development secrets (its voice org's private key, the confirmations admin secret, the
// tools server's secret), asked of the running platform (`POST /__local/credentials`) when a command says
// `--local`, so none of them is compiled into dist/cli. Asked once per run and origin.
import { CliError } from '../errors.ts';
import { LOCAL_TIMEOUT_MS, localUnreachable } from '../handlers/local.ts';

export interface LocalCredentials {
  voicePrivateKey: string;
  adminSecret: string;
  toolsSecret: string;
}

/** Where `--local` gets the platform's secrets (tests pass their own). */
export type LocalCredentialsSource = (origin: string) => Promise<LocalCredentials>;

const asked = new Map<string, Promise<LocalCredentials>>();

export const localCredentials: LocalCredentialsSource = (origin) => {
  let answer = asked.get(origin);
  if (!answer) {
    answer = ask(origin);
    asked.set(origin, answer);
  }
  return answer;
};

async function ask(origin: string): Promise<LocalCredentials> {
  let response: Response;
  let body: Partial<LocalCredentials> & { message?: string };
  try {
    response = await fetch(`${origin}/__local/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(LOCAL_TIMEOUT_MS),
    });
    body = (await response.json().catch(() => ({}))) as typeof body;
  } catch (error) {
    throw localUnreachable(origin, error);
  }
  if (!response.ok) {
    throw new CliError(`The local platform at ${origin} did not give its credentials (${response.status}).`);
  }
  const { voicePrivateKey, adminSecret, toolsSecret } = body;
  if (typeof voicePrivateKey !== 'string' || typeof adminSecret !== 'string' || typeof toolsSecret !== 'string') {
    throw new CliError(`${origin} answered /__local/credentials without them: is it the HomeRounds local platform?`);
  }
  return { voicePrivateKey, adminSecret, toolsSecret };
}
