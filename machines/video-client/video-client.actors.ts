// Builds the video-client machine's actors from a face's ports, passing the machine's abort signal so
// a timeout really cancels the bundle request, the join or the leave.
import { fromPromise } from 'xstate';
import type { JoinedMeeting, JoinMeetingInput, LoadBundleInput, VideoClientPorts } from './video-client.types.ts';

export function createVideoClientActors(ports: VideoClientPorts) {
  return {
    loadBundle: fromPromise<void, LoadBundleInput>(({ input, signal }) => ports.loadBundle(input.attempt, signal)),
    joinMeeting: fromPromise<JoinedMeeting, JoinMeetingInput>(({ input, signal }) => ports.joinMeeting(input, signal)),
    leaveMeeting: fromPromise<void, void>(({ signal }) => ports.leaveMeeting(signal)),
  };
}
