// The voice platform's `tool-calls` server message (ServerMessageToolCalls in its OpenAPI document), as
// the hosted platform sends it to a tool's server URL: built here for the local platform's language
// stand-in and for tests, so the local assistant exercises the tools server exactly as production does.
import { CALL_TOKEN_VARIABLE } from './contract.ts';

export interface OutgoingToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

export interface ToolCallsMessageInput {
  calls: OutgoingToolCall[];
  callId: string;
  orgId: string;
  callToken: string | null;
  now: Date;
  /** The conversation so far, in the platform's artifact shape (role user | bot). */
  history?: Array<{ role: string; message: string }>;
}

export function toolCallsMessage(input: ToolCallsMessageInput): { message: Record<string, unknown> } {
  const at = input.now.toISOString();
  const toolCallList = input.calls.map((c) => ({
    id: c.id,
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
  const call: Record<string, unknown> = {
    id: input.callId,
    orgId: input.orgId,
    createdAt: at,
    updatedAt: at,
    type: 'webCall',
  };
  if (input.callToken) call.assistantOverrides = { variableValues: { [CALL_TOKEN_VARIABLE]: input.callToken } };
  return {
    message: {
      type: 'tool-calls',
      timestamp: input.now.getTime(),
      toolCallList,
      toolWithToolCallList: toolCallList.map((toolCall) => ({
        type: 'function',
        function: { name: toolCall.function.name },
        toolCall,
      })),
      call,
      artifact: { messages: input.history ?? [] },
    },
  };
}
