// Schemas of media inputs: remote media player, custom tracks, audio levels, encodings, send settings, recording.
import * as v from 'valibot';
import { dict, isMediaTrack, objectMessage, strict } from './combinators.ts';
import {
  AUDIO_LEVEL_INTERVAL_MIN_MS,
  CUSTOM_TRACK_MODES,
  CUSTOM_TRACK_NAME_MAX_CHARS,
  ENCODING_RANGES,
  MAX_QUALITIES,
  RECORDING_TYPES,
  REMOTE_MEDIA_PLAYER_STATES,
  REMOTE_MEDIA_VOLUME_MAX,
  RESERVED_TRACK_NAMES,
  SCREEN_SEND_PRESETS,
  SIMULCAST_LAYERS,
  VIDEO_SEND_PRESETS,
} from './limits.ts';
import { MESSAGES } from './messages.ts';

/** One simulcast layer; `requireBitrate` for the remote media player's encodings. */
function encodingLayerSchema(requireBitrate: boolean) {
  const numeric = (key: keyof typeof ENCODING_RANGES) =>
    v.optional(
      v.pipe(
        v.number(MESSAGES.encodingNumber(key)),
        v.minValue(ENCODING_RANGES[key].min, MESSAGES.encodingRange(key)),
        v.maxValue(ENCODING_RANGES[key].max, MESSAGES.encodingRange(key)),
      ),
    );
  return v.pipe(
    strict(
      {
        maxBitrate: numeric('maxBitrate'),
        maxFramerate: numeric('maxFramerate'),
        scaleResolutionDownBy: numeric('scaleResolutionDownBy'),
        active: v.optional(v.boolean(MESSAGES.encodingActive)),
        scalabilityMode: v.optional(v.string(MESSAGES.encodingScalabilityMode)),
      },
      MESSAGES.encodingEmpty,
      MESSAGES.encodingKey,
    ),
    v.check((layer) => Object.keys(layer).length > 0, MESSAGES.encodingEmpty),
    v.check((layer) => !requireBitrate || layer.maxBitrate !== undefined, MESSAGES.encodingMaxBitrate),
  );
}

export const simulcastEncodingsSchema = v.pipe(
  v.array(encodingLayerSchema(false), MESSAGES.encodingsArray),
  v.minLength(SIMULCAST_LAYERS.min, MESSAGES.encodingsLayers),
  v.maxLength(SIMULCAST_LAYERS.max, MESSAGES.encodingsLayers),
);

export const remoteMediaPlayerSettingsSchema = strict(
  {
    state: v.optional(v.picklist(REMOTE_MEDIA_PLAYER_STATES, MESSAGES.rmpState)),
    volume: v.optional(
      v.pipe(
        v.number(MESSAGES.rmpVolumeType),
        v.minValue(0, MESSAGES.rmpVolume),
        v.maxValue(REMOTE_MEDIA_VOLUME_MAX, MESSAGES.rmpVolume),
      ),
    ),
    simulcastEncodings: v.optional(
      v.pipe(
        v.array(encodingLayerSchema(true), MESSAGES.encodingsArray),
        v.minLength(SIMULCAST_LAYERS.min, MESSAGES.encodingsLayers),
        v.maxLength(SIMULCAST_LAYERS.max, MESSAGES.encodingsLayers),
      ),
    ),
  },
  MESSAGES.rmpSettings,
  MESSAGES.rmpKey,
);

/** startRemoteMediaPlayer({url, settings}). */
export const remoteMediaPlayerStartSchema = v.object({
  url: v.string(MESSAGES.rmpUrl),
  settings: v.optional(remoteMediaPlayerSettingsSchema),
});

export const customTrackSchema = v.looseObject(
  {
    track: v.custom<unknown>(isMediaTrack, MESSAGES.trackInstance),
    mode: v.optional(v.union([v.picklist(CUSTOM_TRACK_MODES), v.record(v.string(), v.unknown())], MESSAGES.trackMode)),
    trackName: v.optional(
      v.pipe(
        v.string(MESSAGES.trackNameLength),
        v.maxLength(CUSTOM_TRACK_NAME_MAX_CHARS, MESSAGES.trackNameLength),
        v.check((name) => !(RESERVED_TRACK_NAMES as readonly string[]).includes(name), MESSAGES.trackNameReserved),
      ),
    ),
    ignoreAudioLevel: v.optional(v.boolean(MESSAGES.booleanProperty('ignoreAudioLevel'))),
  },
  objectMessage(MESSAGES.trackInstance, undefined, { track: MESSAGES.trackInstance }),
);

/** An audio-level observer's interval in ms; absent = the default (100 ms). */
export const audioLevelIntervalSchema = v.optional(
  v.pipe(v.number(MESSAGES.audioLevelInterval), v.minValue(AUDIO_LEVEL_INTERVAL_MIN_MS, MESSAGES.audioLevelInterval)),
);

function videoSendSettingsSchema(track: string) {
  const presets: readonly string[] = track === 'screenVideo' ? SCREEN_SEND_PRESETS : VIDEO_SEND_PRESETS;
  const layer = encodingLayerSchema(false);
  return v.union(
    [
      v.pipe(
        v.string(),
        v.check((preset) => presets.includes(preset), MESSAGES.sendSettingsPreset(track)),
      ),
      v.pipe(
        strict(
          {
            maxQuality: v.optional(v.picklist(MAX_QUALITIES, MESSAGES.maxQuality)),
            allowAdaptiveLayers: v.optional(v.boolean(MESSAGES.allowAdaptiveLayers)),
            encodings: v.optional(
              v.pipe(
                strict(
                  { low: v.optional(layer), medium: v.optional(layer), high: v.optional(layer) },
                  MESSAGES.sendEncodings,
                  () => MESSAGES.sendEncodings,
                ),
                v.check(
                  (e) =>
                    e.low !== undefined &&
                    (e.high === undefined || e.medium !== undefined) &&
                    Object.keys(e).length > 0,
                  MESSAGES.sendEncodings,
                ),
              ),
            ),
          },
          MESSAGES.sendSettingsPreset(track),
          MESSAGES.sendSettingsKey,
        ),
        v.check(
          (s) => s.maxQuality !== undefined || s.encodings !== undefined || s.allowAdaptiveLayers !== undefined,
          MESSAGES.sendSettingsContent,
        ),
      ),
    ],
    (issue) => issue.issues?.at(-1)?.message ?? MESSAGES.sendSettingsPreset(track),
  );
}

export const sendSettingsSchema = v.pipe(
  dict(v.unknown(), MESSAGES.sendSettingsEmpty),
  v.check((settings) => Object.keys(settings).length > 0, MESSAGES.sendSettingsEmpty),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [track, value] of Object.entries(dataset.value)) {
      for (const issue of v.safeParse(videoSendSettingsSchema(track), value).issues ?? [])
        addIssue({ message: issue.message });
    }
  }),
);

export const recordingSchema = v.optional(
  v.object({
    type: v.optional(v.picklist(RECORDING_TYPES, (issue) => MESSAGES.recordingType(issue.input))),
  }),
);
