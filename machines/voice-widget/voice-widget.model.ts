// The voice-widget machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { voiceWidgetMachine } from './voice-widget.machine.ts';
import { MissingCredentialsError } from './voice-widget.messages.ts';
import type { VoiceWidgetContext } from './voice-widget.types.ts';

export const voiceWidgetModel: MachineModel<typeof voiceWidgetMachine> = {
  name: 'voice-widget',
  machine: voiceWidgetMachine,
  input: { publicKey: 'pk-model', assistantId: 'asst-1' },
  outcomes: {
    loadClient: [
      { label: 'client loaded', output: undefined },
      { label: 'missing credentials', error: new MissingCredentialsError() },
      { label: 'client failed to load', error: new Error('Loading chunk failed') },
    ],
    requestMicrophone: [
      { label: 'granted', output: 'granted' },
      { label: 'denied', output: 'denied' },
      { label: 'no microphone', error: new Error('Requested device not found') },
    ],
    startCall: [
      { label: 'call', output: { callId: 'call-1' } },
      { label: 'null', output: null },
      { label: 'start threw', error: new Error('Assistant or Squad or Workflow must be provided.') },
    ],
    stopCall: [
      { label: 'stopped', output: undefined },
      { label: 'stop failed', error: new Error('Call object is not available.') },
    ],
    // The SDK subscription lives as long as the widget; its only outcome worth modelling is a crash. It
    // is listed as an outcome (not under callbacks) so the graph offers that crash.
    sdkEvents: [{ label: 'subscription crashed', error: new Error('events unavailable') }],
  },
  events: [
    { type: 'widget.start' },
    { type: 'widget.toggleMute' },
    { type: 'widget.end' },
    { type: 'widget.retry' },
    { type: 'widget.close' },
    { type: 'sdk.callStarted' },
    { type: 'sdk.callEnded' },
    { type: 'sdk.error', message: 'Meeting has ended' },
    { type: 'sdk.error', message: 'fetch failed' },
    { type: 'sdk.progress', stage: 'web-call-creation', status: 'completed', durationMs: 120 },
    { type: 'sdk.videoState', state: 'joined-meeting' },
  ],
  // Debug details only record what happened; the microphone permission matters only in the error view.
  serializeContext: (context) => {
    const { connected, connecting, muted, errorMessage, micPermission, callConnected } = context as VoiceWidgetContext;
    return {
      connected,
      connecting,
      muted,
      errorMessage,
      micPermission: errorMessage ? micPermission : null,
      callConnected,
    };
  },
};
