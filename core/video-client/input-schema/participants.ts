// Schemas of participant controls: updateParticipant, name display, join sounds and stopping transcription.
import * as v from 'valibot';
import { dict, rules, strict } from './combinators.ts';
import type { VideoClientInputContext } from './context.ts';
import { ADMIN_TYPES, MEDIA_TYPES, SHOW_NAMES_MODES } from './limits.ts';
import { MESSAGES } from './messages.ts';

const subscription = v.union([v.boolean(), v.literal('staged')]);
const SUBSCRIBABLE = ['audio', 'video', 'screenAudio', 'screenVideo', 'rmpAudio', 'rmpVideo'] as const;
const subscribedTracksSchema = v.union(
  [
    v.boolean(),
    v.literal('staged'),
    v.literal('avatar'),
    v.strictObject({
      ...Object.fromEntries(SUBSCRIBABLE.map((track) => [track, v.optional(subscription)])),
      custom: v.optional(v.union([subscription, v.record(v.string(), subscription)])),
    }),
  ],
  MESSAGES.setSubscribedTracksForm,
);

const mediaList = <const T extends readonly string[]>(types: T) =>
  v.union([v.boolean(), v.array(v.picklist(types)), v.set(v.picklist(types))], MESSAGES.updatePermissions);

/** updateParticipant(id, properties) — the client's known properties only. */
export function participantUpdateSchema(context: VideoClientInputContext = {}) {
  return strict(
    {
      styles: v.optional(
        v.strictObject(
          {
            cam: v.optional(
              v.strictObject({ div: v.optional(v.unknown()), video: v.optional(v.unknown()) }, MESSAGES.styles),
            ),
            screen: v.optional(
              v.strictObject({ div: v.optional(v.unknown()), video: v.optional(v.unknown()) }, MESSAGES.styles),
            ),
          },
          MESSAGES.styles,
        ),
      ),
      setSubscribedTracks: v.optional(
        v.pipe(
          v.unknown(),
          v.check(() => !context.subscribeToTracksAutomatically, MESSAGES.setSubscribedTracksAutomatic),
          subscribedTracksSchema,
        ),
      ),
      setAudio: v.optional(v.boolean(MESSAGES.booleanProperty('setAudio'))),
      setVideo: v.optional(v.boolean(MESSAGES.booleanProperty('setVideo'))),
      setScreenShare: v.optional(v.literal(false, MESSAGES.setScreenShare)),
      eject: v.optional(v.boolean(MESSAGES.booleanProperty('eject'))),
      updatePermissions: v.optional(
        v.strictObject(
          {
            hasPresence: v.optional(v.boolean(MESSAGES.updatePermissions)),
            canSend: v.optional(mediaList(MEDIA_TYPES)),
            canReceive: v.optional(dict(v.unknown(), MESSAGES.updatePermissions)),
            canAdmin: v.optional(mediaList(ADMIN_TYPES)),
          },
          MESSAGES.updatePermissions,
        ),
      ),
    },
    MESSAGES.participantObject,
    MESSAGES.participantProperty,
  );
}

export const showNamesModeSchema = v.union([v.picklist(SHOW_NAMES_MODES), v.literal(false)], MESSAGES.showNamesMode);

export const playNewParticipantSoundSchema = v.union([v.boolean(), v.number()], (issue) =>
  MESSAGES.playNewParticipantSound(issue.input),
);

export const stopTranscriptionSchema = v.optional(
  v.pipe(
    dict(v.unknown(), MESSAGES.stopTranscriptionObject),
    rules((options, problem) => {
      if (typeof options.instanceId !== 'string' || options.instanceId === '')
        problem(MESSAGES.stopTranscriptionInstance);
    }),
  ),
);
