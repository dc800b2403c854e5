// The local voice client's speech recognition (docs/voice-calls.md, the local platform): recognition runs while
// the call is live and not muted; Chrome's object is off, running after start(), stopping after abort() until its
// `end` (start() while running or stopping throws InvalidStateError, which means a session runs after all); a
// session the browser ends while still wanted comes back 250 ms later, never at once; silence (`no-speech`) and our
// own abort (`aborted`) end a session only, any other failure (an error event, a start() that throws anything else,
// no recognition in the browser) ends recognition for good. Written from that behaviour, not from the chart: the
// oracle keeps its own picture of the browser's object from the steps and the start/abort commands the machine
// gives, and checks every command against it.
import { toRecognitionView } from '../../../machines/speech-recognition/speech-recognition.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const RECOVERABLE = ['no-speech', 'aborted'];

interface Browser {
  /** The browser's recognition object as the commands and its reports leave it. */
  session: 'off' | 'running' | 'stopping';
  /** What the call last asked for. */
  wanted: boolean;
  /** Recognition failed for good. */
  broken: boolean;
  /** The browser ended a session while it was wanted, and the restart delay has not passed yet. */
  waitingToRestart: boolean;
}

let browser: Browser;

export const speechRecognitionOracle: StepOracle = ({ index, event, after, started, logged, warned, emitted }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  if (index === 0) browser = { session: 'off', wanted: false, broken: false, waitingToRestart: false };
  expect(started.length === 0, `recognition invokes nothing: the face calls the browser (${started})`);
  expect(logged.length === 0 && warned.length === 0, `nothing is logged (${logged}${warned})`);

  // First what happened (the call's wish, the browser's report, time), then what the machine did about it.
  const typed = event as { type: string; wanted?: boolean; error?: string };
  switch (typed.type) {
    case 'recognition.wanted':
      browser.wanted = typed.wanted === true;
      break;
    case 'recognition.ended':
      browser.session = 'off';
      // A session that ended while wanted comes back only after the delay; one ended while not wanted stays off.
      browser.waitingToRestart = browser.wanted;
      break;
    case 'recognition.failed':
      if (!RECOVERABLE.includes(typed.error ?? '')) browser.broken = true;
      break;
    case 'recognition.startFailed':
      // InvalidStateError: a session runs after all (counted as running when start was given).
      if (typed.error !== 'InvalidStateError') {
        browser.broken = true;
        browser.session = 'off';
      }
      break;
    case 'recognition.abortFailed':
      if (browser.session === 'stopping') browser.session = 'off';
      break;
    case 'recognition.unsupported':
      browser.broken = true;
      break;
    default:
      if (typed.type.startsWith('xstate.after.')) browser.waitingToRestart = false;
  }

  for (const command of emitted) {
    if (command.type === 'recognition.start') {
      expect(!browser.broken, 'after a failure for good recognition is never started again');
      expect(browser.session === 'off', `start() only when off (it is ${browser.session}): Chrome would throw`);
      expect(browser.wanted, 'start() only while the call wants recognition (live, not muted)');
      expect(!browser.waitingToRestart, 'a session the browser ended is started again only after the delay');
      browser.session = 'running';
    } else if (command.type === 'recognition.abort') {
      expect(browser.session === 'running', `abort() only while running (it is ${browser.session})`);
      expect(!browser.wanted, 'abort() only when recognition is no longer wanted');
      browser.session = 'stopping';
    } else {
      problems.push(`unknown command ${command.type}`);
    }
  }

  // Where things must stand after the step.
  const view = toRecognitionView(after as never);
  expect(view.available === !browser.broken, `available ${view.available} but failed for good: ${browser.broken}`);
  expect(view.hearing === (browser.session === 'running' && !browser.broken), 'hearing exactly while a session runs');
  if (!browser.broken) {
    if (browser.wanted && browser.session === 'off' && !browser.waitingToRestart) {
      problems.push('wanted, off and not waiting for a restart: recognition should have been started');
    }
    if (!browser.wanted && browser.session === 'running') {
      problems.push('running but no longer wanted: recognition should have been aborted');
    }
  }
  return problems;
};
