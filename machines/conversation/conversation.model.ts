// The conversation machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { conversationMachine } from './conversation.machine.ts';

const CHANGED = JSON.stringify({ ok: true, calendarChanged: true, message: 'Moved.' });

export const conversationModel: MachineModel<typeof conversationMachine> = {
  name: 'conversation',
  machine: conversationMachine,
  outcomes: {
    sendChat: [
      { label: 'answered, a tool ran', output: { text: 'Moved to Thursday 2 pm.', toolResults: [CHANGED] } },
      { label: 'answered, no text', output: { text: '', toolResults: [] } },
      { label: 'refused', error: new Error('Network error. Please check your connection and try again.') },
    ],
  },
  events: [
    { type: 'chat.ask', text: 'What are my appointments tomorrow?' },
    { type: 'chat.ask', text: '   ' },
    { type: 'voice.transcript', role: 'user', text: 'Optimize my route for tomorrow.' },
    { type: 'voice.transcript', role: 'assistant', text: ' ' },
    { type: 'voice.toolResult', result: CHANGED },
  ],
  // The transcript only grows; leaving it out keeps the graph finite (the oracle checks what each step added).
  serializeContext: (context) => {
    const { error, pending } = context as { error: unknown; pending: unknown };
    return { error, pending };
  },
};
