// What the assistant panel talks to: the voice widget's face (either voice client, loaded lazily) and
// the chat client, from this page's configuration. One set per page (one voice client per page). Both
// identify the clinician by a call token from the call-token function (cached until shortly before it
// expires); the Supabase access token only ever goes to our own Supabase project for that.
import { type CallTokenSource, createCallTokenSource } from '../../adapters/call-token.ts';
import { readAccessToken } from '../../adapters/voice/access-token.ts';
import { type ChatClient, createChatClient } from '../../adapters/voice/chat-client.ts';
import { loadVoiceClient } from '../../adapters/voice/load-client.ts';
import { browserMicrophone, createVoiceWidgetFace, type VoiceWidgetFace } from '../../adapters/voice/widget-ports.ts';
import { browserConfig, browserVoiceConfig } from '../../app/config.ts';

export interface AssistantServices {
  voice: { publicKey: string | null; assistantId: string | null };
  face: VoiceWidgetFace;
  chat: ChatClient;
}

let pageServices: AssistantServices | null = null;

export function browserAssistantServices(): AssistantServices {
  if (pageServices) return pageServices;
  const voice = browserVoiceConfig();
  const { supabaseUrl, supabaseAnonKey } = browserConfig();
  const callTokens: CallTokenSource = createCallTokenSource({
    supabaseUrl,
    anonKey: supabaseAnonKey,
    getAccessToken: () => readAccessToken(supabaseUrl),
  });
  const getCallToken = () => callTokens.get();
  pageServices = {
    voice: { publicKey: voice.publicKey, assistantId: voice.assistantId },
    face: createVoiceWidgetFace(() => loadVoiceClient(voice, getCallToken), browserMicrophone()),
    chat: createChatClient({ ...voice, getCallToken }),
  };
  return pageServices;
}
