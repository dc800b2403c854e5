// Reading the conversation the platform sends with a tool call (core/assistant/clinician-turn.ts): did the
// clinician speak after a proposal, and was a change made since they last spoke.
import { describe, expect, it } from 'vitest';
import {
  changedSinceUserSpoke,
  conversationOf,
  userSpokeAfter,
  userTurns,
} from '../../../core/assistant/clinician-turn.ts';
import { isChangeTool } from '../../../core/assistant/confirm-gate.ts';

const done = (changed?: boolean) =>
  JSON.stringify({ status: 'done', say: 'Done.', ...(changed === undefined ? {} : { calendarChanged: changed }) });

describe('the conversation sent with a tool call', () => {
  it('is absent when the message carries none', () => {
    expect(conversationOf({ type: 'tool-calls' })).toBeNull();
    expect(conversationOf({ artifact: {} })).toBeNull();
    expect(conversationOf({ artifact: { messages: [] } })).toBeNull();
    expect(conversationOf({ artifact: { messages: [{ role: 'user', message: 'hi' }] } })).toEqual([{ kind: 'user' }]);
  });

  it('shows whether the clinician spoke after a tool call, in the platform’s and in OpenAI’s shapes', () => {
    const platform = conversationOf({
      artifact: {
        messages: [
          { role: 'system', message: 'You are…' },
          { role: 'user', message: 'Cancel it' },
          { role: 'tool_calls', toolCalls: [{ id: 'p1' }, { id: 'p2' }] },
          { role: 'tool_call_result', toolCallId: 'p1', name: 'cancel_visit', result: '{}' },
          { role: 'bot', message: 'Shall I?' },
          { role: 'user', message: 'yes' },
          { role: 'tool_call_result', toolCallId: 'p2', name: 'cancel_visit', result: '{}' },
        ],
      },
    }) as NonNullable<ReturnType<typeof conversationOf>>;
    expect(userTurns(platform)).toBe(2);
    expect(userSpokeAfter(platform, 'p1')).toBe(true);
    // The last mention counts: p2's result came after the yes.
    expect(userSpokeAfter(platform, 'p2')).toBe(false);
    expect(userSpokeAfter(platform, 'elsewhere')).toBeNull();
    const openAi = conversationOf({
      artifact: {
        messages: [
          { role: 'assistant', tool_calls: [{ id: 'q1' }] },
          { role: 'tool', tool_call_id: 'q1', content: '{}' },
          { role: 'user', content: 'yes' },
        ],
      },
    }) as NonNullable<ReturnType<typeof conversationOf>>;
    expect(userSpokeAfter(openAi, 'q1')).toBe(true);
  });

  it('counts a change made since the clinician last spoke, not before it, not a no-op, not a read', () => {
    const messages = (results: Array<Record<string, unknown>>) =>
      conversationOf({ artifact: { messages: results } }) as NonNullable<ReturnType<typeof conversationOf>>;
    const before = messages([
      { role: 'tool_call_result', toolCallId: 'a', name: 'cancel_visit', result: done(true) },
      { role: 'user', message: 'and the other one' },
    ]);
    expect(changedSinceUserSpoke(before, isChangeTool)).toBe(false);
    const since = messages([
      { role: 'user', message: 'yes' },
      { role: 'tool_call_result', toolCallId: 'a', name: 'update_patient', result: done() },
    ]);
    expect(changedSinceUserSpoke(since, isChangeTool)).toBe(true);
    // The message being answered may already be listed: its own results are not "before".
    expect(changedSinceUserSpoke(since, isChangeTool, new Set(['a']))).toBe(false);
    const noop = messages([
      { role: 'user', message: 'yes' },
      { role: 'tool_call_result', toolCallId: 'a', name: 'cancel_visit', result: done(false) },
      { role: 'tool_call_result', toolCallId: 'b', name: 'list_visits', result: done(true) },
      { role: 'tool_call_result', toolCallId: 'c', name: 'move_visit', result: '{"status":"proposal","say":"?"}' },
    ]);
    expect(changedSinceUserSpoke(noop, isChangeTool)).toBe(false);
  });
});
