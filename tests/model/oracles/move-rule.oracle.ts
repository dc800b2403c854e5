// The clinician's move rule (issue 21, docs/routing.md § How far a visit may move): read on open and on Try again
// only, saved on a change only; the plan waits only while the rule is read; a rule is held only once the store
// answered it (a failed save keeps the rule shown); a failure is said; nothing is logged.
import { toMoveRuleView } from '../../../machines/move-rule/move-rule.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const DEFAULT = { todayFixed: true, withinMinutes: 90 };

export const moveRuleOracle: StepOracle = ({ event, before, after, started, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toMoveRuleView(after as never);
  const prior = before ? toMoveRuleView(before as never) : null;
  expect(logged.length === 0 && warned.length === 0, `nothing is logged (${logged}${warned})`);
  expect(view.settled === (view.status !== 'reading'), 'the plan waits only while the rule is read');
  if (started.includes('read'))
    expect(['xstate.init', 'rule.retry'].includes(event.type), 'read on open and retry only');
  if (started.includes('save')) expect(event.type === 'rule.change', 'saved on a change only');
  if (started.includes('pin')) expect(event.type === 'rule.pin', 'a switch is saved when turned only');
  if (event.type === 'xstate.init')
    expect(JSON.stringify(view.rule) === JSON.stringify(DEFAULT), 'the default until read');
  if (event.type === 'xstate.done.actor.read') {
    const output = event.output as { rule: unknown; pins: unknown };
    expect(JSON.stringify(view.rule) === JSON.stringify(output.rule), 'the rule the store answered is held');
    expect(JSON.stringify(view.pins) === JSON.stringify(output.pins), 'the pins the store answered are held');
  }
  if (event.type === 'xstate.done.actor.pin') {
    expect(JSON.stringify(view.pins) === JSON.stringify(event.output), 'the pins the store answered are held');
  }
  if (event.type === 'xstate.done.actor.save') {
    expect(JSON.stringify(view.rule) === JSON.stringify(event.output), 'the rule the store answered is held');
    expect(view.message === null, 'nothing to say once read or saved');
  }
  if (
    event.type === 'xstate.error.actor.save' ||
    event.type === 'xstate.error.actor.pin' ||
    event.type.startsWith('xstate.after.saveTimeout')
  ) {
    expect(JSON.stringify(view.rule) === JSON.stringify(prior?.rule), 'a failed save keeps the rule shown');
    expect(JSON.stringify(view.pins) === JSON.stringify(prior?.pins), 'a failed switch keeps the pins shown');
    expect(typeof view.message === 'string', 'a failed save is said');
  }
  if (event.type === 'xstate.error.actor.read' || event.type.startsWith('xstate.after.readTimeout')) {
    expect(view.status === 'unread' && typeof view.message === 'string', 'an unread rule is said');
    expect(JSON.stringify(view.rule) === JSON.stringify(DEFAULT), 'the default rule is followed');
  }
  return problems;
};
