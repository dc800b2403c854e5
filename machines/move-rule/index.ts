// The move-rule machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createMoveRuleActors } from './move-rule.actors.ts';
export { moveRuleMachine, RULE_READ_TIMEOUT_MS, RULE_SAVE_TIMEOUT_MS } from './move-rule.machine.ts';
export { MOVE_RULE_MESSAGES } from './move-rule.messages.ts';
export * from './move-rule.types.ts';
export * from './move-rule.view.ts';
