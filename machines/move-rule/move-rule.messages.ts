// The move-rule machine's texts.
export const MOVE_RULE_MESSAGES = {
  readFailed: 'Your rule for moving visits could not be read just now: this plan follows the default rule.',
  saveFailed: 'Your new rule was not saved: the plan still follows the rule shown. Try again.',
  pinFailed: 'That visit’s “time is fixed” switch was not saved: the plan still follows the switches shown. Try again.',
} as const;
