// The voice widget as specification §2-§4 and the §8 error catalogue describe it, the catalogue
// written out again here (not imported): statuses, mute only while connected, Try Again back to Ready,
// and every error's text from its raw message (case-insensitive, in the table's order).
import { toVoiceWidgetView } from '../../../machines/voice-widget/voice-widget.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const STATUSES = ['Ready', 'Connecting...', 'Connected', 'Ending call...', 'Error'];

/** Spec §8, widget rows, in order. */
export function catalogue(raw: string): string {
  const m = raw.toLowerCase();
  if (m.includes('permission')) return 'Microphone permission denied. Please allow microphone access.';
  if (m.includes('network') || m.includes('fetch')) return 'Network error. Please check your connection and try again.';
  if (m.includes('assistant') || m.includes('not found'))
    return 'Assistant not found. Please check your Assistant ID in the .env file.';
  if (m.includes('unauthorized') || m.includes('invalid key'))
    return 'Authentication failed. Please check your Public Key in the .env file.';
  return raw || 'Unknown error';
}

export const voiceWidgetOracle: StepOracle = ({ event, before, after }) => {
  const problems: string[] = [];
  const view = toVoiceWidgetView(after as never);
  const was = before ? toVoiceWidgetView(before as never) : null;
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  expect(STATUSES.includes(view.statusText), `unknown status text ${view.statusText}`);
  if (view.statusText === 'Error') {
    expect(!view.connected && !view.connecting, 'an error ends the connected and connecting flags');
    expect(view.error?.heading === 'AI Assistant Error', 'the error view has its heading');
  }
  expect(!(view.muted && !view.connected) || view.statusText === 'Ending call...', 'muted while not connected');
  switch (event.type) {
    case 'widget.toggleMute':
      if (was && !was.connected) expect(view.muted === was.muted, 'muting is allowed only while connected');
      if (was?.connected) expect(view.muted !== was.muted, 'the mute toggle toggles');
      break;
    case 'widget.retry':
      if (was?.statusText === 'Error')
        expect(view.statusText === 'Ready' && view.error === null, 'Try Again clears the error and returns to Ready');
      break;
    case 'sdk.callStarted':
      if (was?.statusText === 'Connecting...') expect(view.statusText === 'Connected', 'the call-start event connects');
      break;
    case 'sdk.callEnded':
      if (was && was.statusText !== 'Error') expect(view.statusText === 'Ready', 'call-end returns to Ready');
      break;
    case 'sdk.error': {
      const raw = String((event as { message?: unknown }).message ?? '');
      if (was?.statusText !== 'Error') {
        expect(view.statusText === 'Error', 'any error shows Error');
        expect(
          view.error?.message === catalogue(raw),
          `"${raw}" must read "${catalogue(raw)}", not "${view.error?.message}"`,
        );
      }
      break;
    }
    case 'xstate.error.actor.loadClient': {
      const error = event.error as Error;
      const expected =
        error.name === 'MissingCredentialsError'
          ? 'Missing voice-AI credentials. Please add them to your .env file and restart the dev server.'
          : `Initialization error: ${error.message}`; // §8: Initialization error: {reason}
      expect(view.error?.message === expected, `a failed client load must read "${expected}"`);
      break;
    }
    case 'xstate.done.actor.requestMicrophone':
      if (event.output === 'denied') {
        expect(
          view.error?.message === 'Microphone access denied. Please allow microphone access and try again.',
          'a refused microphone shows the microphone text',
        );
        expect(view.micBadgeText === 'Blocked', 'the badge says Blocked');
      }
      break;
    default:
      break;
  }
  return problems;
};
