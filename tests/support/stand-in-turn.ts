// One turn of the local assistant (the stand-in and the tools, in process) on a calendar in memory, at the suite's
// clock, with the state the last turn handed on: what the question tests of docs/assistant.md ask through.
import type { ToolName } from '../../core/assistant/contract.ts';
import type { ToolContext } from '../../core/assistant/tool-kit.ts';
import { runTool } from '../../core/assistant/tools/index.ts';
import { type ConversationState, takeTurn } from '../../emulators/assistant/conversation.ts';
import type { MemoryCalendar } from './memory-calendar.ts';
import { testNow } from './test-clock.ts';

export interface StandInTurn {
  text: string;
  state: ConversationState;
  calendar: MemoryCalendar;
  userId: string;
  canWrite: boolean;
  /** Each tool call of the turn, as the stand-in made it. */
  onToolCall?(call: { name: ToolName; args: Record<string, unknown> }): void;
}

export async function standInTurn(turn: StandInTurn): Promise<{ reply: string; state: ConversationState }> {
  const ctx: ToolContext = {
    calendar: turn.calendar,
    userId: turn.userId,
    timeZone: 'America/Chicago',
    now: testNow(),
    language: 'en',
    canWrite: async () => turn.canWrite,
  };
  return takeTurn({
    text: turn.text,
    now: testNow(),
    state: turn.state,
    defaultTimeZone: 'America/Chicago',
    callTool: async (name, args) => {
      turn.onToolCall?.({ name, args });
      return { name, args, result: JSON.stringify(await runTool(name, args, ctx)), error: null };
    },
  });
}
