// What the assistant panel talks to: the voice widget's face (either voice client, loaded lazily) and
// the chat client, from this page's configuration. One set per page (one voice client per page).
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
  const { supabaseUrl } = browserConfig();
  const getAccessToken = () => readAccessToken(supabaseUrl);
  pageServices = {
    voice: { publicKey: voice.publicKey, assistantId: voice.assistantId },
    face: createVoiceWidgetFace(() => loadVoiceClient(voice, getAccessToken), browserMicrophone()),
    chat: createChatClient({ ...voice, getAccessToken }),
  };
  return pageServices;
}
