// Which voice client this page uses, loaded on demand: `@vapi-ai/web` when a public key is configured,
// otherwise our machine-built client against the local platform. Both are separate lazy chunks.
import type { VoiceConfig } from '../../app/config.ts';
import { LOCAL_ASSISTANT_ID } from '../../app/config.ts';
import type { VoiceClient } from './voice-client.ts';

let localClient: Promise<VoiceClient> | null = null;

export function loadVoiceClient(config: VoiceConfig, getAccessToken: () => string | null): Promise<VoiceClient> {
  if (config.mode === 'vapi') {
    return import('./vapi-client.ts').then((m) =>
      m.loadVapiClient({ publicKey: config.publicKey ?? '', apiBaseUrl: config.apiBaseUrl }),
    );
  }
  localClient ??= import('./local-client.ts')
    .then((m) =>
      m.createLocalVoiceClient({
        apiBaseUrl: config.apiBaseUrl,
        publicKey: config.publicKey ?? '',
        localAssistantId: LOCAL_ASSISTANT_ID,
        getAccessToken,
      }),
    )
    .catch((error: unknown) => {
      localClient = null;
      throw error;
    });
  return localClient;
}
