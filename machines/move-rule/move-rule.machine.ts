// Move rule: how far the planner may move the clinician's visits, their own choice, and the visits they pinned
// ("time is fixed"). Read from the profile as the
// Route view opens (given up after 5 s: the plan follows the default rule and says so), changed from the Route view
// (saved to the profile, given up after 10 s); the plan always follows the rule the machine holds, and a rule is
// held only once saved, so the plan never follows one the profile does not.
import { assign, setup } from 'xstate';
import { DEFAULT_MOVE_RULE, type MoveRule } from '../../core/routing/move-rule.ts';
import { notProvidedPromise } from '../shared/not-provided.ts';
import { MOVE_RULE_MESSAGES } from './move-rule.messages.ts';
import type { MoveRuleContext, MoveRuleEvent, MoveSettings } from './move-rule.types.ts';

export const RULE_READ_TIMEOUT_MS = 5_000;
export const RULE_SAVE_TIMEOUT_MS = 10_000;

export const moveRuleMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as MoveRuleContext,
    events: {} as MoveRuleEvent,
  },
  actors: {
    read: notProvidedPromise<MoveSettings, void>('read'),
    save: notProvidedPromise<MoveRule, MoveRule>('save'),
    pin: notProvidedPromise<readonly string[], { eventId: string; fixed: boolean }>('pin'),
  },
  delays: { readTimeout: RULE_READ_TIMEOUT_MS, saveTimeout: RULE_SAVE_TIMEOUT_MS },
}).createMachine({
  id: 'move-rule',
  context: { rule: DEFAULT_MOVE_RULE, pins: [], message: null },
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'read',
        src: 'read',
        onDone: {
          target: 'ready',
          actions: assign({
            rule: ({ event }) => event.output.rule,
            pins: ({ event }) => event.output.pins,
            message: null,
          }),
        },
        onError: { target: 'unread', actions: assign({ message: MOVE_RULE_MESSAGES.readFailed }) },
      },
      after: { readTimeout: { target: 'unread', actions: assign({ message: MOVE_RULE_MESSAGES.readFailed }) } },
    },
    // The default rule is followed; the clinician may try reading again or set a rule.
    unread: {
      on: { 'rule.retry': 'reading', 'rule.change': 'saving' },
    },
    ready: {
      on: { 'rule.change': 'saving', 'rule.pin': 'pinning' },
    },
    pinning: {
      invoke: {
        id: 'pin',
        src: 'pin',
        input: ({ event }) => {
          const { eventId, fixed } = event as Extract<MoveRuleEvent, { type: 'rule.pin' }>;
          return { eventId, fixed };
        },
        onDone: { target: 'ready', actions: assign({ pins: ({ event }) => event.output, message: null }) },
        onError: { target: 'ready', actions: assign({ message: MOVE_RULE_MESSAGES.pinFailed }) },
      },
      after: { saveTimeout: { target: 'ready', actions: assign({ message: MOVE_RULE_MESSAGES.pinFailed }) } },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => (event as Extract<MoveRuleEvent, { type: 'rule.change' }>).rule,
        onDone: { target: 'ready', actions: assign({ rule: ({ event }) => event.output, message: null }) },
        onError: { target: 'ready', actions: assign({ message: MOVE_RULE_MESSAGES.saveFailed }) },
      },
      after: { saveTimeout: { target: 'ready', actions: assign({ message: MOVE_RULE_MESSAGES.saveFailed }) } },
    },
  },
});
