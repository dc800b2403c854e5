// Schemas of the data a call carries: userData, meeting session data and app messages (JSON, within their size caps).
import * as v from 'valibot';
import { isPlainObject, lengthOf, rules, strict } from './combinators.ts';
import type { VideoClientInputContext } from './context.ts';
import { APP_MESSAGE_MAX_CHARS, MERGE_STRATEGIES, SESSION_DATA_MAX_CHARS, USER_DATA_MAX_CHARS } from './limits.ts';
import { MESSAGES } from './messages.ts';

export const userDataSchema = v.pipe(
  v.unknown(),
  rules((value, problem) => {
    if (value === undefined) return;
    const length = lengthOf(value);
    if (length === null) return problem(MESSAGES.userDataJson);
    if (length > USER_DATA_MAX_CHARS) problem(MESSAGES.userDataTooLarge(length));
  }),
);

export const sessionDataSchema = v.pipe(
  strict(
    {
      data: v.custom<Record<string, unknown>>(isPlainObject, MESSAGES.sessionDataPlain),
      mergeStrategy: v.optional(v.picklist(MERGE_STRATEGIES, MESSAGES.mergeStrategy)),
    },
    MESSAGES.sessionDataPlain,
    MESSAGES.sessionDataKey,
  ),
  rules((value, problem) => {
    const length = lengthOf(value.data);
    if (length === null) return problem(MESSAGES.sessionDataJson);
    if (length > SESSION_DATA_MAX_CHARS) problem(MESSAGES.sessionDataTooLarge(length));
  }),
);

/** An app message (the SDK's `send`): JSON, at most the room's cap. */
export function appMessageSchema(context: VideoClientInputContext = {}) {
  const max = context.maxAppMessageSize ?? APP_MESSAGE_MAX_CHARS;
  return v.pipe(
    v.unknown(),
    rules((value, problem) => {
      let length: number | null;
      try {
        length = JSON.stringify(value)?.length ?? null;
      } catch {
        length = null;
      }
      if (length === null) return problem(MESSAGES.appMessageJson);
      if (length > max) problem(MESSAGES.appMessageTooLarge(max));
    }),
  );
}
