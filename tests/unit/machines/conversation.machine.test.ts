// The assistant panel's conversation (machines/conversation): one question at a time, answers and failures said,
// a missing answer given up after a minute with its request aborted, voice transcripts beside the chat, and what
// the tools did told to the dashboard — and nothing else.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  CHAT_ANSWER_TIMEOUT_MS,
  type ConversationEmitted,
  conversationMachine,
  createConversationActors,
  toConversationView,
} from '../../../machines/conversation/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

function start() {
  const controlled = createControlledActors(['sendChat']);
  const clock = new SimulatedClock();
  const actor = createActor(conversationMachine.provide({ actors: controlled.actors }), { clock });
  const emitted: ConversationEmitted[] = [];
  actor.on('toolResults', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, controlled, emitted, view: () => toConversationView(actor.getSnapshot()) };
}

const CHANGED = '{"ok":true,"calendarChanged":true}';

describe('conversation machine', () => {
  it('shows the question at once (trimmed), sends it, then shows the answer; lines keep their own ids', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'chat.ask', text: '  What is on today?  ' });
    expect(view()).toMatchObject({ busy: true, error: null });
    expect(view().messages).toEqual([{ id: 'm1', role: 'user', text: 'What is on today?', via: 'chat' }]);
    expect(controlled.pending('sendChat')?.input).toEqual({ text: 'What is on today?' });
    await controlled.resolve('sendChat', { text: 'Three visits.', toolResults: [] });
    expect(view().busy).toBe(false);
    expect(view().messages[1]).toEqual({ id: 'm2', role: 'assistant', text: 'Three visits.', via: 'chat' });
    actor.send({ type: 'chat.ask', text: 'And tomorrow?' });
    await controlled.resolve('sendChat', { text: '', toolResults: [] });
    expect(view().messages.map((m) => [m.id, m.text])).toEqual([
      ['m1', 'What is on today?'],
      ['m2', 'Three visits.'],
      ['m3', 'And tomorrow?'],
      ['m4', '(no answer)'],
    ]);
  });

  it('sends nothing for a blank question, nor a second one while the first is answered', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'chat.ask', text: '   ' });
    expect(controlled.invocations).toHaveLength(0);
    expect(view().messages).toEqual([]);
    actor.send({ type: 'chat.ask', text: 'First' });
    actor.send({ type: 'chat.ask', text: 'Second' });
    expect(controlled.invocations).toHaveLength(1);
    expect(view().messages.map((m) => m.text)).toEqual(['First']);
  });

  it('tells the dashboard the tool results of an answer, only when tools ran', async () => {
    const { actor, controlled, emitted } = start();
    actor.send({ type: 'chat.ask', text: 'Move Mrs. Lund to 2 pm' });
    await controlled.resolve('sendChat', { text: 'Moved.', toolResults: [CHANGED] });
    expect(emitted).toEqual([{ type: 'toolResults', results: [CHANGED] }]);
    actor.send({ type: 'chat.ask', text: 'Thanks' });
    await controlled.resolve('sendChat', { text: 'You are welcome.', toolResults: [] });
    expect(emitted).toHaveLength(1);
  });

  it('says a failure, and the next question clears it', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'chat.ask', text: 'Hello' });
    await controlled.reject('sendChat', new Error('Network error. Please check your connection and try again.'));
    expect(view()).toMatchObject({ busy: false, error: 'Network error. Please check your connection and try again.' });
    actor.send({ type: 'chat.ask', text: 'Hello again' });
    expect(view().error).toBeNull();
  });

  it('gives up an answer missing after a minute, aborting its request', async () => {
    const { actor, clock, controlled, view } = start();
    actor.send({ type: 'chat.ask', text: 'Hello' });
    const request = controlled.pending('sendChat');
    clock.increment(CHAT_ANSWER_TIMEOUT_MS - 1);
    await flush();
    expect(view().busy).toBe(true);
    clock.increment(1);
    await flush();
    expect(view()).toMatchObject({
      busy: false,
      error: 'The assistant did not answer within a minute. Please try again.',
    });
    expect(request?.signal.aborted).toBe(true);
  });

  it('adds final voice transcripts (trimmed, even while a chat answer is awaited), never blank ones', () => {
    const { actor, view } = start();
    actor.send({ type: 'chat.ask', text: 'Hello' });
    actor.send({ type: 'voice.transcript', role: 'user', text: ' Optimize my route. ' });
    actor.send({ type: 'voice.transcript', role: 'assistant', text: '  ' });
    expect(view().messages).toEqual([
      { id: 'm1', role: 'user', text: 'Hello', via: 'chat' },
      { id: 'm2', role: 'user', text: 'Optimize my route.', via: 'voice' },
    ]);
    expect(view().busy).toBe(true);
  });

  it('tells the dashboard a voice tool result, without adding it to the transcript', () => {
    const { actor, emitted, view } = start();
    actor.send({ type: 'voice.toolResult', result: CHANGED });
    expect(emitted).toEqual([{ type: 'toolResults', results: [CHANGED] }]);
    expect(view().messages).toEqual([]);
  });

  it('answers through the face’s port with the machine’s abort signal; a missing port is a said failure', async () => {
    const seen: Array<[string, AbortSignal]> = [];
    const actor = createActor(
      conversationMachine.provide({
        actors: createConversationActors({
          send: async (text, signal) => {
            seen.push([text, signal]);
            return { text: 'Hi', toolResults: [] };
          },
        }),
      }),
    ).start();
    actor.send({ type: 'chat.ask', text: 'Hello' });
    await flush();
    expect(seen[0]?.[0]).toBe('Hello');
    expect(seen[0]?.[1]).toBeInstanceOf(AbortSignal);
    expect(toConversationView(actor.getSnapshot()).messages.at(-1)?.text).toBe('Hi');
    const bare = createActor(conversationMachine).start();
    bare.send({ type: 'chat.ask', text: 'Hello' });
    await flush();
    expect(toConversationView(bare.getSnapshot()).error).toBe('actor sendChat not provided');
  });
});
