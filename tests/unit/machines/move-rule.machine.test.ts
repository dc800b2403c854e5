// The clinician's move rule (machines/move-rule): read on open, held only once saved, failures said, bounded waits.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  moveRuleMachine,
  RULE_READ_TIMEOUT_MS,
  RULE_SAVE_TIMEOUT_MS,
  toMoveRuleView,
} from '../../../machines/move-rule/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const DEFAULT = { todayFixed: true, withinMinutes: 90 };
const OWN = { todayFixed: false, withinMinutes: 60 };

function start() {
  const controlled = createControlledActors(['read', 'save', 'pin']);
  const clock = new SimulatedClock();
  const actor = createActor(moveRuleMachine.provide({ actors: controlled.actors }), { clock }).start();
  return { actor, clock, controlled, view: () => toMoveRuleView(actor.getSnapshot()) };
}

describe('move-rule machine', () => {
  it('holds the profile’s rule once read, and a new one once saved', async () => {
    const { actor, controlled, view } = start();
    expect(view()).toMatchObject({ status: 'reading', settled: false, rule: DEFAULT, pins: [] });
    await controlled.resolve('read', { rule: OWN, pins: [] });
    expect(view()).toMatchObject({ status: 'ready', settled: true, rule: OWN, message: null });
    actor.send({ type: 'rule.change', rule: { todayFixed: true, withinMinutes: 30 } });
    expect(controlled.pending('save')?.input).toEqual({ todayFixed: true, withinMinutes: 30 });
    expect(view()).toMatchObject({ saving: true, rule: OWN });
    await controlled.resolve('save', { todayFixed: true, withinMinutes: 30 });
    expect(view()).toMatchObject({ status: 'ready', rule: { todayFixed: true, withinMinutes: 30 } });
  });

  it('a rule that cannot be read in 5 s: the default, said, and Try again reads it', async () => {
    const { actor, clock, controlled, view } = start();
    clock.increment(RULE_READ_TIMEOUT_MS);
    await flush();
    expect(view()).toMatchObject({ status: 'unread', settled: true, rule: DEFAULT });
    expect(view().message).toContain('this plan follows the default rule');
    actor.send({ type: 'rule.retry' });
    await controlled.resolve('read', { rule: OWN, pins: [] });
    expect(view().rule).toEqual(OWN);
  });

  it('a save refused or unanswered keeps the rule shown and says so', async () => {
    const { actor, clock, controlled, view } = start();
    await controlled.resolve('read', { rule: OWN, pins: [] });
    actor.send({ type: 'rule.change', rule: DEFAULT });
    await controlled.reject('save', new Error('23514'));
    expect(view()).toMatchObject({ status: 'ready', rule: OWN });
    expect(view().message).toContain('was not saved');
    actor.send({ type: 'rule.change', rule: DEFAULT });
    clock.increment(RULE_SAVE_TIMEOUT_MS);
    await flush();
    expect(view()).toMatchObject({ status: 'ready', rule: OWN });
  });

  it('pins a visit’s time once saved, and a refused switch keeps the pins shown', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('read', { rule: OWN, pins: ['a'] });
    expect(view().pins).toEqual(['a']);
    actor.send({ type: 'rule.pin', eventId: 'b', fixed: true });
    expect(controlled.pending('pin')?.input).toEqual({ eventId: 'b', fixed: true });
    expect(view()).toMatchObject({ status: 'pinning', saving: true, pins: ['a'] });
    await controlled.resolve('pin', ['a', 'b']);
    expect(view()).toMatchObject({ status: 'ready', pins: ['a', 'b'], message: null });
    actor.send({ type: 'rule.pin', eventId: 'a', fixed: false });
    await controlled.reject('pin', new Error('42501'));
    expect(view().pins).toEqual(['a', 'b']);
    expect(view().message).toContain('was not saved');
  });

  it('a switch unanswered in 10 s is given up, keeping the pins shown', async () => {
    const { actor, clock, controlled, view } = start();
    await controlled.resolve('read', { rule: OWN, pins: [] });
    actor.send({ type: 'rule.pin', eventId: 'b', fixed: true });
    clock.increment(RULE_SAVE_TIMEOUT_MS);
    await flush();
    expect(view()).toMatchObject({ status: 'ready', pins: [], saving: false });
    expect(view().message).toContain('“time is fixed” switch was not saved');
  });
});
