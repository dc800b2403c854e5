import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  createSpeechRecognition,
  RECOGNITION_RESTART_DELAY_MS,
  type SpeechRecognitionPorts,
  speechRecognitionMachine,
  thrownName,
  toRecognitionView,
} from '../../../machines/speech-recognition/index.ts';

/** Chrome's recognition object as far as the machine's commands go: start() while started throws. */
class FakeBrowser {
  running = false;
  starts = 0;
  aborts = 0;
  readonly calls: string[] = [];
  /** What the next start() throws instead of starting (a name), once. */
  startThrows: string | null = null;
  abortThrows = false;

  start(): void {
    this.calls.push('start');
    const name = this.startThrows ?? (this.running ? 'InvalidStateError' : null);
    this.startThrows = null;
    if (name) throw new DOMException('recognition refused the start', name);
    this.running = true;
    this.starts += 1;
  }

  abort(): void {
    this.calls.push('abort');
    this.aborts += 1;
    if (this.abortThrows) throw new Error('abort failed');
  }
}

function setup(supported = true) {
  const browser = new FakeBrowser();
  const clock = new SimulatedClock();
  const ports: SpeechRecognitionPorts = {
    supported,
    start: () => browser.start(),
    abort: () => browser.abort(),
  };
  const actor = createSpeechRecognition(ports, { clock });
  const state = () => actor.getSnapshot().value;
  const view = () => toRecognitionView(actor.getSnapshot());
  const want = (wanted: boolean) => actor.send({ type: 'recognition.wanted', wanted });
  /** The browser ends its session (its `end` event). */
  const end = () => {
    browser.running = false;
    actor.send({ type: 'recognition.ended' });
  };
  return { actor, browser, clock, state, view, want, end };
}

describe('speech-recognition machine: starting and stopping', () => {
  it('is off and not hearing until the call wants it, then starts once', () => {
    const { browser, state, view, want } = setup();
    expect(speechRecognitionMachine.id).toBe('speech-recognition');
    expect(state()).toEqual({ available: 'off' });
    expect(view()).toEqual({ hearing: false, available: true });
    want(false);
    expect(browser.calls).toEqual([]);
    want(true);
    expect(state()).toEqual({ available: 'running' });
    expect(view()).toEqual({ hearing: true, available: true });
    want(true);
    expect(browser.calls).toEqual(['start']);
  });

  it('start() throwing InvalidStateError counts as running; its end comes later and restarts it', () => {
    const { browser, clock, state, view, want, end } = setup();
    browser.running = true; // a session the machine did not know about still runs
    want(true);
    expect(browser.calls).toEqual(['start']);
    expect(state()).toEqual({ available: 'running' });
    expect(view()).toEqual({ hearing: true, available: true });
    end();
    expect(state()).toEqual({ available: 'restarting' });
    clock.increment(RECOGNITION_RESTART_DELAY_MS);
    expect(browser.calls).toEqual(['start', 'start']);
    expect(browser.starts).toBe(1);
    expect(state()).toEqual({ available: 'running' });
  });

  it('an end while wanted restarts only after 250 ms, never at once', () => {
    const { browser, clock, state, view, want, end } = setup();
    want(true);
    end();
    expect(state()).toEqual({ available: 'restarting' });
    expect(view().hearing).toBe(false);
    clock.increment(RECOGNITION_RESTART_DELAY_MS - 1);
    expect(browser.starts).toBe(1);
    clock.increment(1);
    expect(browser.starts).toBe(2);
    expect(view().hearing).toBe(true);
    expect(browser.calls).not.toContain('abort');
  });

  it('a further end while waiting waits the delay again', () => {
    const { browser, clock, want, end } = setup();
    want(true);
    end();
    clock.increment(200);
    end();
    clock.increment(200);
    expect(browser.starts).toBe(1);
    clock.increment(RECOGNITION_RESTART_DELAY_MS - 200);
    expect(browser.starts).toBe(2);
  });

  it('a pending restart is cancelled when no longer wanted, and never shortened by wanting it again', () => {
    const { browser, clock, state, want, end } = setup();
    want(true);
    end();
    want(false);
    clock.increment(RECOGNITION_RESTART_DELAY_MS);
    expect(state()).toEqual({ available: 'off' });
    expect(browser.starts).toBe(1);
    want(true);
    expect(browser.starts).toBe(2);

    end();
    want(false);
    want(true);
    expect(browser.starts).toBe(2);
    clock.increment(RECOGNITION_RESTART_DELAY_MS);
    expect(browser.starts).toBe(3);
  });

  it('mute while running: abort(), stopping until the end, then off', () => {
    const { browser, clock, state, view, want, end } = setup();
    want(true);
    want(false);
    expect(browser.calls).toEqual(['start', 'abort']);
    expect(state()).toEqual({ available: 'stopping' });
    expect(view().hearing).toBe(false);
    end();
    expect(state()).toEqual({ available: 'off' });
    clock.increment(RECOGNITION_RESTART_DELAY_MS * 4);
    expect(browser.calls).toEqual(['start', 'abort']);
    // Off after an end while not wanted: wanted again starts at once.
    want(true);
    expect(browser.calls).toEqual(['start', 'abort', 'start']);
  });

  it('unmute while stopping: no start() before the end, then a restart after the delay', () => {
    const { browser, clock, state, want, end } = setup();
    want(true);
    want(false);
    want(true);
    expect(state()).toEqual({ available: 'stopping' });
    expect(browser.calls).toEqual(['start', 'abort']);
    end();
    expect(state()).toEqual({ available: 'restarting' });
    clock.increment(RECOGNITION_RESTART_DELAY_MS);
    expect(browser.calls).toEqual(['start', 'abort', 'start']);
    expect(state()).toEqual({ available: 'running' });
  });

  it('an abort() that throws leaves it off', () => {
    const { browser, state, want } = setup();
    browser.abortThrows = true;
    want(true);
    want(false);
    expect(state()).toEqual({ available: 'off' });
    want(true);
    expect(browser.calls).toEqual(['start', 'abort', 'start']);
  });
});

describe('speech-recognition machine: unavailable', () => {
  it('silence and our own abort end the session only', () => {
    const { actor, browser, clock, view, want, end } = setup();
    want(true);
    for (const error of ['no-speech', 'aborted']) {
      actor.send({ type: 'recognition.failed', error });
      expect(view()).toEqual({ hearing: true, available: true });
      end();
      clock.increment(RECOGNITION_RESTART_DELAY_MS);
    }
    expect(browser.starts).toBe(3);
  });

  it('any other error makes it unavailable for good: the end that follows starts nothing', () => {
    const { actor, browser, clock, state, view, want, end } = setup();
    want(true);
    actor.send({ type: 'recognition.failed', error: 'not-allowed' });
    expect(state()).toBe('unavailable');
    expect(view()).toEqual({ hearing: false, available: false });
    end();
    want(false);
    want(true);
    clock.increment(RECOGNITION_RESTART_DELAY_MS * 4);
    expect(browser.calls).toEqual(['start']);
    expect(state()).toBe('unavailable');
  });

  it('a start() that throws anything but InvalidStateError makes it unavailable', () => {
    const { browser, state, view, want } = setup();
    browser.startThrows = 'NotAllowedError';
    want(true);
    expect(state()).toBe('unavailable');
    expect(view().available).toBe(false);
    want(false);
    want(true);
    expect(browser.calls).toEqual(['start']);
  });

  it('a browser without recognition is unavailable from the start and never started', () => {
    const { browser, state, view, want } = setup(false);
    expect(state()).toBe('unavailable');
    expect(view()).toEqual({ hearing: false, available: false });
    want(true);
    expect(browser.calls).toEqual([]);
  });

  it('names what a browser call threw', () => {
    expect(thrownName(new DOMException('x', 'InvalidStateError'))).toBe('InvalidStateError');
    expect(thrownName(new TypeError('x'))).toBe('TypeError');
    expect(thrownName('text')).toBe('Error');
    expect(thrownName({ name: '' })).toBe('Error');
    expect(thrownName(null)).toBe('Error');
  });
});
