// Building blocks of the input schemas: value tests (isRecord, isUrl…) and valibot combinators (strict, dict, pick…).
import * as v from 'valibot';

type Issue = v.BaseIssue<unknown>;
export type AnySchema = v.GenericSchema;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
};
const keyOf = (issue: Issue): string => String(issue.path?.at(-1)?.key ?? '');
export const lengthOf = (value: unknown): number | null => {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return typeof text === 'string' ? text.length : null;
  } catch {
    return null;
  }
};
/** A media track: MediaStreamTrack where the platform has one, else anything shaped like it. */
export const isMediaTrack = (value: unknown): boolean => {
  const Track = (globalThis as { MediaStreamTrack?: new () => unknown }).MediaStreamTrack;
  if (Track) return value instanceof Track;
  return isRecord(value) && (value.kind === 'audio' || value.kind === 'video') && typeof value.id === 'string';
};
export const isUrl = (value: string): boolean => {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** The message of an object schema's own issue: not an object, a missing key, or an unknown key. */
export function objectMessage(
  notObject: string,
  unknownKey?: (key: string) => string,
  missing: Record<string, string> = {},
) {
  return (issue: Issue): string => {
    if (issue.expected === 'never' && unknownKey) return unknownKey(keyOf(issue));
    if (issue.expected?.startsWith('"')) {
      const key = issue.expected.slice(1, -1);
      return missing[key] ?? `${key} is required`;
    }
    return notObject;
  };
}

/** A strict object whose unknown keys are refused with `unknownKey(key)` and missing ones with `missing`. */
export function strict<const T extends v.ObjectEntries>(
  entries: T,
  notObject: string,
  unknownKey: (key: string) => string,
  missing: Record<string, string> = {},
) {
  return v.strictObject(entries, objectMessage(notObject, unknownKey, missing));
}

/** A map-like object (not an array) of `value`s. */
export function dict<const T extends AnySchema>(value: T, notObject: string) {
  return v.pipe(v.custom<Record<string, unknown>>(isRecord, notObject), v.record(v.string(), value, notObject));
}

/** A record keyed by id whose entries are checked by a schema built for that id (messages name it). */
export function keyedRecord(notObject: string, entry: (id: string) => AnySchema) {
  return v.pipe(
    dict(v.unknown(), notObject),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const [id, value] of Object.entries(dataset.value)) {
        const result = v.safeParse(entry(id), value);
        for (const issue of result.issues ?? []) addIssue({ message: issue.message });
      }
    }),
  );
}

/** Checks run on the whole value with full control over messages (cross-field rules). */
export function rules<T>(check: (value: T, problem: (message: string) => void) => void) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed) check(dataset.value, (message) => addIssue({ message }));
  });
}

/** Chooses the schema a value is meant for (or refuses it with a message) and reports its problems. */
export function pick(choose: (value: unknown) => AnySchema | string) {
  return v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      const chosen = choose(dataset.value);
      if (typeof chosen === 'string') return addIssue({ message: chosen });
      for (const issue of v.safeParse(chosen, dataset.value).issues ?? []) addIssue({ message: issue.message });
    }),
  );
}
