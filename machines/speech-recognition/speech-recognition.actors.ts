// Builds a face's speech-recognition actor from its ports: the machine's start and abort commands (emitted) reach
// the browser's object, and what those calls throw comes back as events (the thrown error's name: the machine
// decides what it means). The face reports the object's own `end` and `error` events with actor.send.
import { type ActorOptions, createActor } from 'xstate';
import { speechRecognitionMachine } from './speech-recognition.machine.ts';
import type { SpeechRecognitionPorts } from './speech-recognition.types.ts';

/** The name of what a browser call threw (`InvalidStateError`, `NotAllowedError`, …). */
export function thrownName(error: unknown): string {
  const name = error && typeof error === 'object' ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name ? name : 'Error';
}

/** A started speech-recognition actor driving the face's ports (unavailable at once without recognition). */
export function createSpeechRecognition(
  ports: SpeechRecognitionPorts,
  options: Pick<ActorOptions<typeof speechRecognitionMachine>, 'clock'> = {},
) {
  const actor = createActor(speechRecognitionMachine, options);
  actor.on('recognition.start', () => {
    try {
      ports.start();
    } catch (error) {
      actor.send({ type: 'recognition.startFailed', error: thrownName(error) });
    }
  });
  actor.on('recognition.abort', () => {
    try {
      ports.abort();
    } catch {
      actor.send({ type: 'recognition.abortFailed' });
    }
  });
  actor.start();
  if (!ports.supported) actor.send({ type: 'recognition.unsupported' });
  return actor;
}

export type SpeechRecognitionActor = ReturnType<typeof createSpeechRecognition>;
