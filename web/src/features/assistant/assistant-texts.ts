// The voice and chat machines say their fixed texts in English (their *.messages.ts and views, shared with the CLI);
// the assistant panel shows them in the dashboard's language. A fixed text is found by equality, a text the
// machine composes ("Initialization error: <cause>") by its template, the cause kept as it came (a browser's or
// the SDK's own words). Anything else — the voice platform's or the server's sentences — is shown as it was said.
import {
  LISTENING_TIMEOUT_MESSAGE,
  MISSING_CALL_TARGET_MESSAGE,
  STOPPED_DURING_START_MESSAGE,
} from '../../../../machines/call-session/call-session.messages.ts';
import { CONVERSATION_MESSAGES } from '../../../../machines/conversation/index.ts';
import {
  BUNDLE_LOAD_TIMEOUT_MS,
  LISTENING_TIMEOUT_MS,
  MEETING_JOIN_TIMEOUT_MS,
  WIDGET_INIT_TIMEOUT_MS,
} from '../../../../machines/shared/call-timeouts.ts';
import {
  BUNDLE_FAILED_MESSAGE,
  BUNDLE_TIMEOUT_MESSAGE,
  JOIN_TIMEOUT_MESSAGE,
} from '../../../../machines/video-client/video-client.messages.ts';
import type { MicPermission, VoiceWidgetStatus } from '../../../../machines/voice-widget/index.ts';
import {
  ASSISTANT_NOT_FOUND_MESSAGE,
  AUTHENTICATION_FAILED_MESSAGE,
  FAILED_TO_START_MESSAGE,
  failedToEndMessage,
  initializationErrorMessage,
  MICROPHONE_DENIED_MESSAGE,
  MICROPHONE_PERMISSION_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from '../../../../machines/voice-widget/voice-widget.messages.ts';
import { CallTokenError } from '../../adapters/call-token.ts';
import { CHAT_UNAVAILABLE_MESSAGE } from '../../adapters/voice/chat-client.ts';
import { NO_ANSWER_MESSAGE } from '../../adapters/voice/widget-ports.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import type { MessageValues, Translate } from '../../i18n/use-t.ts';

type Entry = readonly [MessageId, MessageValues?];

/** Each fixed English text of the voice and chat machines → its catalog text. */
const FIXED = new Map<string, Entry>([
  [MISSING_CREDENTIALS_MESSAGE, ['machines.voiceWidget.missingCredentials']],
  [MICROPHONE_DENIED_MESSAGE, ['machines.voiceWidget.microphoneDenied']],
  [MICROPHONE_PERMISSION_MESSAGE, ['machines.voiceWidget.microphonePermission']],
  // The chat client says a network failure in the same words.
  [NETWORK_ERROR_MESSAGE, ['machines.voiceWidget.networkError']],
  [ASSISTANT_NOT_FOUND_MESSAGE, ['machines.voiceWidget.assistantNotFound']],
  [AUTHENTICATION_FAILED_MESSAGE, ['machines.voiceWidget.authenticationFailed']],
  [UNKNOWN_ERROR_MESSAGE, ['machines.voiceWidget.unknownError']],
  [FAILED_TO_START_MESSAGE, ['machines.voiceWidget.failedToStart']],
  // The cause the widget gives its own initialisation timeout (voice-widget.machine.ts).
  [
    `timed out after ${WIDGET_INIT_TIMEOUT_MS} ms`,
    ['machines.voiceWidget.initTimedOut', { ms: WIDGET_INIT_TIMEOUT_MS }],
  ],
  [BUNDLE_TIMEOUT_MESSAGE, ['machines.videoClient.bundleTimeout', { ms: BUNDLE_LOAD_TIMEOUT_MS }]],
  [BUNDLE_FAILED_MESSAGE, ['machines.videoClient.bundleFailed']],
  [JOIN_TIMEOUT_MESSAGE, ['machines.videoClient.joinTimeout', { ms: MEETING_JOIN_TIMEOUT_MS }]],
  [STOPPED_DURING_START_MESSAGE, ['machines.callSession.stoppedDuringStart']],
  [LISTENING_TIMEOUT_MESSAGE, ['machines.callSession.listeningTimeout', { ms: LISTENING_TIMEOUT_MS }]],
  [MISSING_CALL_TARGET_MESSAGE, ['machines.callSession.missingCallTarget']],
  [CONVERSATION_MESSAGES.timedOut, ['machines.conversation.timedOut']],
  [CONVERSATION_MESSAGES.noAnswer, ['machines.conversation.noAnswer']],
  [CHAT_UNAVAILABLE_MESSAGE, ['assistant.chat.unavailable']],
  [NO_ANSWER_MESSAGE, ['assistant.voice.noAnswer']],
  [new CallTokenError(null).message, ['assistant.chat.callTokenFailed']],
]);

/** Texts the voice widget composes around a cause: the template's text before and after the cause. */
const TEMPLATES: ReadonlyArray<readonly [(cause: string) => string, MessageId]> = [
  [initializationErrorMessage, 'machines.voiceWidget.initializationError'],
  [failedToEndMessage, 'machines.voiceWidget.failedToEnd'],
  // The call-token function answered an HTTP status (adapters/call-token.ts).
  [(status) => new CallTokenError(status as unknown as number).message, 'assistant.chat.callTokenFailedStatus'],
  // The chat endpoint answered an error status without a message (adapters/voice/chat-client.ts).
  [(status) => `The assistant answered ${status}`, 'assistant.chat.answeredStatus'],
];

const CAUSE = '\u0000';

/** A machine's text (an error, a status) in the dashboard's language; others as they came. */
export function assistantText(t: Translate, text: string): string {
  const fixed = FIXED.get(text);
  if (fixed) return t(fixed[0], fixed[1]);
  for (const [template, id] of TEMPLATES) {
    const [before = '', after = ''] = template(CAUSE).split(CAUSE);
    if (text.length >= before.length + after.length && text.startsWith(before) && text.endsWith(after)) {
      const cause = text.slice(before.length, text.length - after.length);
      return t(id, { reason: assistantText(t, cause) });
    }
  }
  return text;
}

const STATUS_IDS: Record<VoiceWidgetStatus, MessageId> = {
  ready: 'machines.voiceWidget.status.ready',
  connecting: 'machines.voiceWidget.status.connecting',
  connected: 'machines.voiceWidget.status.connected',
  ending: 'machines.voiceWidget.status.ending',
  error: 'machines.voiceWidget.status.error',
};

const MIC_IDS: Record<MicPermission, MessageId> = {
  granted: 'machines.voiceWidget.mic.granted',
  denied: 'machines.voiceWidget.mic.denied',
  unknown: 'machines.voiceWidget.mic.unknown',
};

/** The widget's status pill (toVoiceWidgetView's statusText, by its status). */
export const voiceStatusText = (t: Translate, status: VoiceWidgetStatus) => t(STATUS_IDS[status]);

/** The microphone badge (the view's micBadgeText, by the permission). */
export const micBadgeText = (t: Translate, permission: MicPermission) => t(MIC_IDS[permission]);
