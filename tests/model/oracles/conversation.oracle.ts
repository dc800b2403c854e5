// The assistant panel's conversation (spec §2 "Your AI Assistant", docs/web.md § Assistant): a question typed or
// picked is shown at once and answered one at a time; an answer is shown (an empty one as "(no answer)"); a
// failure is said under the transcript and cleared by the next question; an answer still missing after a minute is
// given up; the voice call's final transcripts join the transcript; what the tools did reaches the dashboard.
// Texts copied from the product, not imported from the machine.
import { toConversationView } from '../../../machines/conversation/conversation.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const TIMED_OUT = 'The assistant did not answer within a minute. Please try again.';

export const conversationOracle: StepOracle = ({ event, before, after, started, logged, warned, emitted }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toConversationView(after as never);
  const was = before ? toConversationView(before as never) : null;
  const added = view.messages.slice(was?.messages.length ?? 0);
  const results = emitted.flatMap((e) => (e as { results?: string[] }).results ?? []);
  expect(logged.length === 0 && warned.length === 0, `what the clinician asks is never logged (${logged}${warned})`);
  expect(
    view.messages.slice(0, was?.messages.length ?? 0).every((m, i) => m === was?.messages[i]),
    'lines stay',
  );
  expect(new Set(view.messages.map((m) => m.id)).size === view.messages.length, 'each line has its own id');
  if (started.includes('sendChat')) expect(event.type === 'chat.ask', 'a question is sent only when asked');
  switch (event.type) {
    case 'xstate.init':
      expect(view.messages.length === 0 && !view.busy && view.error === null, 'an empty conversation to start');
      break;
    case 'chat.ask': {
      const text = (event as unknown as { text: string }).text.trim();
      if (!text || was?.busy) {
        expect(added.length === 0 && started.length === 0, 'a blank question, or one while answering, sends nothing');
        break;
      }
      expect(
        added.length === 1 && added[0]?.role === 'user' && added[0].text === text && added[0].via === 'chat',
        'the question shows at once, as typed',
      );
      expect(view.busy && started.includes('sendChat') && view.error === null, 'sent; the last error is cleared');
      break;
    }
    case 'xstate.done.actor.sendChat': {
      const output = event.output as { text: string; toolResults: string[] };
      expect(
        added.length === 1 && added[0]?.role === 'assistant' && added[0].text === (output.text || '(no answer)'),
        'the answer is shown (an empty one says so)',
      );
      expect(!view.busy, 'answered: the next question may go');
      expect(
        JSON.stringify(results) === JSON.stringify(output.toolResults),
        'the turn’s tool results reach the dashboard',
      );
      break;
    }
    case 'xstate.error.actor.sendChat':
      expect(!view.busy && view.error === (event.error as Error).message && added.length === 0, 'the failure is said');
      break;
    case 'voice.transcript': {
      const { role, text } = event as unknown as { role: string; text: string };
      if (text.trim()) {
        expect(
          added.length === 1 && added[0]?.role === role && added[0].via === 'voice' && added[0].text === text.trim(),
          'a final voice transcript joins the conversation',
        );
      } else expect(added.length === 0, 'an empty transcript adds nothing');
      expect(view.busy === (was?.busy ?? false), 'voice does not change a chat turn under way');
      break;
    }
    case 'voice.toolResult':
      expect(
        results.length === 1 && added.length === 0,
        'a voice tool result reaches the dashboard, not the transcript',
      );
      break;
    default:
      if (event.type.startsWith('xstate.after.answerTimeout')) {
        expect(!view.busy && view.error === TIMED_OUT && added.length === 0, 'a missing answer is given up after 60 s');
      }
  }
  if (!event.type.includes('sendChat') && event.type !== 'voice.toolResult') {
    expect(results.length === 0, 'only an answer or a voice tool call reports tool results');
  }
  return problems;
};
