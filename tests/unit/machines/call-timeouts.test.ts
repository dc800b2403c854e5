// The voice call's timers cover each other: whatever an inner timer gives up on is reported before the
// outer timer covering it fires, so the user reads the precise error (machines/shared/call-timeouts.ts).
import { describe, expect, it } from 'vitest';
import * as callSession from '../../../machines/call-session/index.ts';
import * as t from '../../../machines/shared/call-timeouts.ts';
import * as videoClient from '../../../machines/video-client/index.ts';
import * as voiceWidget from '../../../machines/voice-widget/index.ts';

describe('call timeouts', () => {
  it('keep the specification’s numbers (§9): 20 s per bundle load, 3 attempts, 3 s apart; mobile waits 1 s', () => {
    expect([t.BUNDLE_LOAD_TIMEOUT_MS, t.BUNDLE_LOAD_ATTEMPTS, t.BUNDLE_RETRY_DELAY_MS]).toEqual([20_000, 3, 3_000]);
    expect(t.MOBILE_JOIN_DELAY_MS).toBe(1_000);
    // Three failed loads with the waits between them: 3 × 20 s + 2 × 3 s.
    expect(t.BUNDLE_LOAD_WORST_MS).toBe(66_000);
  });

  it("the session's join covers the video client's worst bundle load plus its join", () => {
    expect(t.CALL_JOIN_TIMEOUT_MS).toBeGreaterThan(t.BUNDLE_LOAD_WORST_MS + t.MEETING_JOIN_TIMEOUT_MS);
  });

  it("the session's leave covers the video client's leave", () => {
    expect(t.CALL_LEAVE_TIMEOUT_MS).toBeGreaterThan(t.MEETING_LEAVE_TIMEOUT_MS);
  });

  it('the worst start is every stage at its limit; the widget waits longer than it and the listening wait', () => {
    const stages = [
      t.WEB_CALL_CREATION_TIMEOUT_MS,
      t.CALL_OBJECT_CREATION_TIMEOUT_MS,
      t.MOBILE_JOIN_DELAY_MS,
      t.CALL_JOIN_TIMEOUT_MS,
      t.VIDEO_RECORDING_SETUP_TIMEOUT_MS,
      t.AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
      t.AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
    ];
    expect(t.CALL_START_WORST_MS).toBe(stages.reduce((sum, ms) => sum + ms, 0));
    expect(t.WIDGET_CONNECT_TIMEOUT_MS).toBeGreaterThan(t.CALL_START_WORST_MS + t.LISTENING_TIMEOUT_MS);
  });

  it("the widget's ending outlasts the session's leave (call-end comes at the latest when the leave gives up)", () => {
    expect(t.WIDGET_END_TIMEOUT_MS).toBeGreaterThan(t.CALL_LEAVE_TIMEOUT_MS);
    // The voice client's stop() waits for the whole end: leave, recording stop, cleanup.
    expect(callSession.STOP_WAIT_MS).toBeGreaterThan(
      t.CALL_LEAVE_TIMEOUT_MS + t.STOP_RECORDING_TIMEOUT_MS + t.CLEANUP_TIMEOUT_MS,
    );
  });

  it('are the ones the machines run with', () => {
    expect(videoClient.videoClientMachine.implementations.delays).toMatchObject({
      bundleLoadTimeout: t.BUNDLE_LOAD_TIMEOUT_MS,
      bundleRetryDelay: t.BUNDLE_RETRY_DELAY_MS,
      joinTimeout: t.MEETING_JOIN_TIMEOUT_MS,
      leaveTimeout: t.MEETING_LEAVE_TIMEOUT_MS,
    });
    expect(callSession.callSessionMachine.implementations.delays).toMatchObject({
      webCallCreationTimeout: t.WEB_CALL_CREATION_TIMEOUT_MS,
      callObjectCreationTimeout: t.CALL_OBJECT_CREATION_TIMEOUT_MS,
      mobileJoinDelay: t.MOBILE_JOIN_DELAY_MS,
      callJoinTimeout: t.CALL_JOIN_TIMEOUT_MS,
      videoRecordingSetupTimeout: t.VIDEO_RECORDING_SETUP_TIMEOUT_MS,
      audioObserverSetupTimeout: t.AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
      audioProcessingSetupTimeout: t.AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
      listeningTimeout: t.LISTENING_TIMEOUT_MS,
      leaveTimeout: t.CALL_LEAVE_TIMEOUT_MS,
    });
    expect(voiceWidget.voiceWidgetMachine.implementations.delays).toMatchObject({
      initTimeout: t.WIDGET_INIT_TIMEOUT_MS,
      microphoneTimeout: t.WIDGET_MICROPHONE_TIMEOUT_MS,
      connectTimeout: t.WIDGET_CONNECT_TIMEOUT_MS,
      endTimeout: t.WIDGET_END_TIMEOUT_MS,
    });
  });
});
