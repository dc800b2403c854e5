// The call session as specification §4, §8 and §9 describe it, written without looking at the chart:
// the start stages in the spec's order, each actor (port call) started only by its own stage's turn; a
// start without assistant, squad or workflow and a second start while started change nothing; a mobile
// device waits 1 second before joining; "listening" from the assistant makes the call live; leaving the
// meeting ends it; the outcome says whether the start succeeded, which stage failed it, and why it ended.
import { toCallSessionView } from '../../../machines/call-session/call-session.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

/** Spec §4, in order. */
const STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
];
/** The port call each stage makes. */
const STAGE_OF_ACTOR: Record<string, string> = {
  createWebCall: 'web-call-creation',
  createCallObject: 'daily-call-object-creation',
  joinCall: 'daily-call-join',
  startVideoRecording: 'video-recording-setup',
  startAudioObserver: 'audio-observer-setup',
  startAudioProcessing: 'audio-processing-setup',
};
/** Spec §4: failure emits call-start-failed and cleans up — the stages without which there is no call. */
const FATAL = ['web-call-creation', 'daily-call-object-creation', 'daily-call-join'];
/** Spec §9: a mobile device waits 1 second before joining. */
const MOBILE_WAIT_MS = 1_000;
/** Spec §4: the synthetic ended status's reason. */
const CUSTOMER_ENDED = 'customer-ended-call';

interface Outcome {
  ok: boolean;
  failedStage: string | null;
  endedReason: string | null;
  durations: Record<string, number>;
}

export const callSessionOracle: StepOracle = ({ event, before, after, started }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toCallSessionView(after as never);
  const was = before ? toCallSessionView(before as never) : null;
  const context = after.context as { isMobile: boolean; durations: Record<string, number> };

  // Stages only move forward, in the spec's order.
  if (was?.stage && view.stage) {
    expect(STAGES.indexOf(view.stage) >= STAGES.indexOf(was.stage), `stage ${view.stage} after ${was.stage}`);
  }
  // A stage's port call is made when that stage starts, and only then.
  for (const src of started) {
    const stage = STAGE_OF_ACTOR[src];
    if (!stage) continue;
    expect(
      view.stage === stage || (stage === 'audio-processing-setup' && view.phase !== 'starting'),
      `${src} outside ${stage}`,
    );
    if (was?.stage) expect(STAGES.indexOf(stage) > STAGES.indexOf(was.stage), `${src} started out of order`);
  }

  switch (event.type) {
    case 'call.start': {
      const request = event as { assistantId?: string; squadId?: string; workflowId?: string };
      if (was?.started) {
        // §4: a second start while started is refused.
        expect(view.state === was.state && started.length === 0, 'a second start while started is refused');
      } else if (!request.assistantId && !request.squadId && !request.workflowId) {
        // §8: "Assistant or Squad or Workflow must be provided." — and nothing starts.
        expect(view.phase === 'idle' && started.length === 0, 'a start without a target starts nothing');
      } else {
        expect(started.includes('createWebCall'), 'a valid start creates the web call');
      }
      break;
    }
    case 'xstate.done.actor.createCallObject':
      if (context.isMobile) expect(!started.includes('joinCall'), 'a mobile device does not join at once');
      else expect(started.includes('joinCall') && context.durations['mobile-permissions'] === 0, 'no wait off mobile');
      break;
    case 'xstate.after.mobileJoinDelay.call-session.call.starting.mobilePermissions':
      expect(context.durations['mobile-permissions'] === MOBILE_WAIT_MS, 'a mobile device waits 1 second');
      expect(started.includes('joinCall'), 'the join follows the wait');
      break;
    case 'daily.appMessage': {
      const message = event as { fromAssistant?: boolean; data?: string };
      if (was?.phase === 'waitingForAssistant' && message.fromAssistant && message.data === 'listening') {
        expect(view.phase === 'live', '"listening" from the assistant starts the call');
      }
      break;
    }
    case 'daily.left':
      if (was && (was.phase === 'live' || was.phase === 'waitingForAssistant')) {
        expect(view.phase === 'ending', 'leaving the meeting ends the call');
        // §4: "stop recording if enabled; clean up."
        const recording = (after.context as { call: { videoRecordingEnabled?: boolean } | null }).call
          ?.videoRecordingEnabled;
        expect(started.includes(recording ? 'stopRecording' : 'cleanup'), 'the recording is stopped, else cleaned up');
      }
      break;
    case 'xstate.done.actor.stopRecording':
    case 'xstate.error.actor.stopRecording':
      expect(started.includes('cleanup'), 'after the recording stop comes the cleanup');
      break;
    case 'xstate.done.actor.cleanup':
    case 'xstate.error.actor.cleanup':
      expect(after.status === 'done', 'the session ends once cleaned up');
      break;
    default:
      break;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const stage = STAGE_OF_ACTOR[event.type.slice('xstate.error.actor.'.length)];
    if (stage && FATAL.includes(stage)) expect(view.phase === 'ending', `a failed ${stage} ends the start`);
    if (stage && !FATAL.includes(stage)) expect(view.phase !== 'ending', `a failed ${stage} does not end the start`);
  }

  if (after.status === 'done') {
    const outcome = after.output as Outcome;
    expect(outcome.failedStage === null || FATAL.includes(outcome.failedStage), 'only a fatal stage fails a start');
    expect(!(outcome.ok && outcome.failedStage), 'a started call has no failed stage');
    // A call that started ended with a reason (the assistant's, or customer-ended-call once); one that did not, none.
    expect(outcome.ok === (outcome.endedReason !== null), 'an ended reason exactly when the call started');
    if (outcome.ok) {
      expect(typeof outcome.endedReason === 'string' && outcome.endedReason.length > 0, 'the reason is named');
      expect(
        STAGES.every((stage) => stage in outcome.durations),
        'a started call has every stage’s duration',
      );
    }
    if (outcome.endedReason === CUSTOMER_ENDED) expect(outcome.ok, 'customer-ended-call only after a start');
  }
  return problems;
};
