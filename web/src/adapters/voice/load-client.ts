// Which voice client this page uses, loaded on demand: `@vapi-ai/web` when a public key is configured,
// otherwise our machine-built client against the local platform. Both are separate lazy chunks. Both
// start every call with the clinician's call token, never with a Supabase or Google token.
import type { VoiceConfig } from '../../app/config.ts';
import { LOCAL_ASSISTANT_ID } from '../../app/config.ts';
import type { GetCallToken } from '../call-token.ts';
import type { VoiceClient } from './voice-client.ts';

let localClient: Promise<VoiceClient> | null = null;

export function loadVoiceClient(config: VoiceConfig, getCallToken: GetCallToken): Promise<VoiceClient> {
  if (config.mode === 'vapi') {
    return import('./vapi-client.ts').then((m) =>
      m.loadVapiClient({ publicKey: config.publicKey ?? '', apiBaseUrl: config.apiBaseUrl, getCallToken }),
    );
  }
  localClient ??= import('./local-client.ts')
    .then((m) =>
      m.createLocalVoiceClient({
        apiBaseUrl: config.apiBaseUrl,
        publicKey: config.publicKey ?? '',
        localAssistantId: LOCAL_ASSISTANT_ID,
        getCallToken,
      }),
    )
    .catch((error: unknown) => {
      localClient = null;
      throw error;
    });
  return localClient;
}
