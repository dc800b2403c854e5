// Schemas of the input settings: audio and video processors, background images and media settings.
import * as v from 'valibot';
import { dict, isMediaTrack, isUrl, pick, strict } from './combinators.ts';
import { AUDIO_PROCESSOR_TYPES, BACKGROUND_IMAGE_TYPES, PRESELECTED_BACKGROUND_MAX } from './limits.ts';
import { MESSAGES } from './messages.ts';

export const audioProcessorSchema = strict(
  { type: v.picklist(AUDIO_PROCESSOR_TYPES, MESSAGES.audioProcessorType) },
  MESSAGES.inputSettingsForm,
  MESSAGES.audioProcessorKey,
  { type: MESSAGES.audioProcessorType },
);

const imageTypeOf = (url: string): string => {
  const parsed = new URL(url);
  const ext =
    parsed.protocol === 'data:'
      ? parsed.pathname.slice(parsed.pathname.indexOf(':') + 1, parsed.pathname.indexOf(';')).split('/')[1]
      : parsed.pathname.split('.').at(-1);
  return (ext ?? '').toLowerCase().trim();
};

/** "default", an ArrayBuffer, a URL of a supported image type, or a preselected image 1 to 10. */
export const backgroundImageSourceSchema = pick((source) => {
  if (source === 'default' || source instanceof ArrayBuffer) return v.unknown();
  if (typeof source === 'string' && isUrl(source))
    return v.pipe(
      v.string(),
      v.check(
        (url) => (BACKGROUND_IMAGE_TYPES as readonly string[]).includes(imageTypeOf(url)),
        MESSAGES.backgroundImageType,
      ),
    );
  if (typeof source === 'number' || (typeof source === 'string' && /^\d+$/.test(source)))
    return v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(MESSAGES.backgroundPreselect),
      v.minValue(1, MESSAGES.backgroundPreselect),
      v.maxValue(PRESELECTED_BACKGROUND_MAX, MESSAGES.backgroundPreselect),
    );
  return MESSAGES.backgroundSource;
});

/** Blur takes only `strength`, a number above 0 and up to 1 (an empty config is the default). */
const blurConfigSchema = strict(
  {
    strength: v.optional(
      v.pipe(
        v.number((issue) => MESSAGES.blurStrength(issue.input)),
        v.check(
          (n) => n > 0 && n <= 1,
          (issue) => MESSAGES.blurStrength(issue.input),
        ),
      ),
    ),
  },
  MESSAGES.blurConfig,
  () => MESSAGES.blurConfig,
);

export const videoProcessorSchema = v.variant(
  'type',
  [
    strict(
      { type: v.literal('background-blur'), config: v.optional(blurConfigSchema) },
      MESSAGES.inputSettingsForm,
      MESSAGES.videoProcessorKey,
    ),
    strict(
      {
        type: v.literal('background-image'),
        config: v.optional(
          strict({ source: v.optional(backgroundImageSourceSchema) }, MESSAGES.inputSettingsForm, () =>
            MESSAGES.videoProcessorKey('config'),
          ),
        ),
      },
      MESSAGES.inputSettingsForm,
      MESSAGES.videoProcessorKey,
    ),
    strict(
      { type: v.picklist(['none', 'face-detection']), config: v.optional(v.record(v.string(), v.unknown())) },
      MESSAGES.inputSettingsForm,
      MESSAGES.videoProcessorKey,
    ),
  ],
  MESSAGES.videoProcessorType,
);

const mediaSettingsSchema = v.pipe(
  dict(v.unknown(), MESSAGES.inputSettingsForm),
  v.check(
    (settings) => settings.customTrack === undefined || isMediaTrack(settings.customTrack),
    MESSAGES.settingsTrack,
  ),
);

export const inputSettingsSchema = strict(
  {
    audio: v.optional(
      strict(
        { processor: v.optional(audioProcessorSchema), settings: v.optional(mediaSettingsSchema) },
        MESSAGES.inputSettingsForm,
        () => MESSAGES.inputSettingsForm,
      ),
    ),
    video: v.optional(
      strict(
        { processor: v.optional(videoProcessorSchema), settings: v.optional(mediaSettingsSchema) },
        MESSAGES.inputSettingsForm,
        () => MESSAGES.inputSettingsForm,
      ),
    ),
  },
  MESSAGES.inputSettingsForm,
  () => MESSAGES.inputSettingsForm,
);
