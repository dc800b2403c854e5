// Builds the voice-widget machine's actors from a face's ports. The credentials rule lives here so
// every face gets it: without both public key and assistant id the client is never loaded (spec §5).
import { fromCallback, fromPromise } from 'xstate';
import { MissingCredentialsError } from './voice-widget.messages.ts';
import type {
  LoadClientInput,
  SdkCommand,
  SdkNotification,
  StartedCall,
  VoiceWidgetPorts,
} from './voice-widget.types.ts';

export function createVoiceWidgetActors(ports: VoiceWidgetPorts) {
  return {
    loadClient: fromPromise<void, LoadClientInput>(async ({ input, signal }) => {
      if (!input.hasPublicKey || !input.hasAssistantId) throw new MissingCredentialsError();
      await ports.loadClient(signal);
    }),
    requestMicrophone: fromPromise<'granted' | 'denied', void>(({ signal }) => ports.requestMicrophone(signal)),
    startCall: fromPromise<StartedCall | null, { assistantId: string }>(({ input, signal }) =>
      ports.startCall(input.assistantId, signal),
    ),
    stopCall: fromPromise<void, void>(({ signal }) => ports.stopCall(signal)),
    sdkEvents: fromCallback<SdkCommand, void>(({ sendBack, receive }) => {
      const bridge = ports.subscribe((notification: SdkNotification) => sendBack(notification));
      receive((command) => {
        if (command.type === 'sdk.setMuted') bridge.setMuted(command.muted);
        else bridge.stop();
      });
      return () => bridge.close();
    }),
  };
}
