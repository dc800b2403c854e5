// The video-call client as specification §4 and §9 describe it, written without looking at the chart:
// meeting states from the client's list; the bundle is tried at most 3 times; join is refused (with a
// warning, nothing new started) while joining or joined; leave ends in `left`; a fatal error ends in
// `error`; the bundle is fetched only on load (or its retries) and the meeting joined only on join.
import { toVideoClientView } from '../../../machines/video-client/video-client.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const STATES = ['new', 'loading', 'loaded', 'joining-meeting', 'joined-meeting', 'left-meeting', 'error'];
const ATTEMPTS = 3; // §9: 3 attempts

export const videoClientOracle: StepOracle = ({ event, before, after, started }) => {
  const problems: string[] = [];
  const view = toVideoClientView(after as never);
  const was = before ? toVideoClientView(before as never) : null;
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  expect(STATES.includes(view.meetingState), `unknown meeting state ${view.meetingState}`);
  expect(view.attempts <= ATTEMPTS, `more than ${ATTEMPTS} bundle attempts`);
  // A destroyed client (final) keeps its last meeting state as its output and shows nothing.
  if (after.status === 'active') {
    expect((view.meetingState === 'error') === (view.error !== null), 'an error is shown exactly in the error state');
  }
  if (started.includes('loadBundle')) {
    expect(
      event.type === 'video.load' ||
        event.type.startsWith('xstate.after.') ||
        event.type.startsWith('xstate.error.actor.loadBundle'),
      'the bundle is fetched only on load or a retry',
    );
  }
  if (started.includes('joinMeeting')) expect(event.type === 'video.join', 'the meeting is joined only on join');
  switch (event.type) {
    case 'video.join':
      if (was?.meetingState === 'joining-meeting' || was?.meetingState === 'joined-meeting') {
        expect(
          view.meetingState === was.meetingState && !started.includes('joinMeeting'),
          'join is refused while joining or joined',
        );
        expect(view.warnings.length > 0, 'a refused join leaves a warning');
      }
      break;
    case 'daily.fatalError':
      if (was && was.meetingState !== 'left-meeting' && was.meetingState !== 'new') {
        expect(view.meetingState === 'error' || view.meetingState === 'left-meeting', 'a fatal error ends the meeting');
      }
      break;
    case 'video.leave':
      if (was && ['left-meeting', 'error', 'new', 'loaded'].includes(was.meetingState)) {
        // §4: leave goes to left immediately when already left, in error, or not joined.
        expect(!started.includes('leaveMeeting'), 'nothing to leave: no leave request');
      }
      break;
    case 'xstate.done.actor.loadBundle':
      expect(view.meetingState === 'loaded', 'a loaded bundle means loaded');
      break;
    case 'xstate.done.actor.joinMeeting':
      expect(view.meetingState === 'joined-meeting' && view.joined, 'a finished join means joined');
      break;
    case 'xstate.done.actor.leaveMeeting':
      expect(view.meetingState === 'left-meeting', 'a finished leave means left');
      break;
    default:
      break;
  }
  return problems;
};
