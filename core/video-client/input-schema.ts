// The video-call client's input rules (specification §5, "Input settings of the video-call client" to
// "App message size is capped"), as one valibot schema per input, with the client's error texts (§8:
// "unrecognized property", "userData too large", the dial-out, DTMF and encoding messages; where the
// specification names no text, one that names the field and the limit). `validateVideoClientInput`
// returns the list of problems (empty = valid); the caller logs them with console.error and refuses the
// call (`checkVideoClientInput` logs and answers whether to go on, `assertVideoClientInput` logs and
// throws). No I/O but that logging, no clock; imports nothing of ours. Used by the CLI's call simulator
// and the web's local client (docs/voice-calls.md §10).
import * as v from 'valibot';

// ─── Limits (spec §5 and §9) ────────────────────────────────────────────────────────────────────────

export const USER_DATA_MAX_CHARS = 4096;
export const SESSION_DATA_MAX_CHARS = 102_400;
/** The client's default app-message cap (the room may raise it after the join). */
export const APP_MESSAGE_MAX_CHARS = 4096;
export const GRID_MAX_TILES_PER_PAGE = 49;
export const GRID_MIN_TILES_PER_PAGE = 1;
export const CUSTOM_TRACK_NAME_MAX_CHARS = 50;
export const AUDIO_LEVEL_INTERVAL_MIN_MS = 100;
export const DTMF_MAX_CHARS = 20;
export const DIAL_OUT_DISPLAY_NAME_MAX_CHARS = 199; // "under 200"
export const DIAL_OUT_USER_ID_MAX_CHARS = 36;
export const PRESELECTED_BACKGROUND_MAX = 10;
export const REMOTE_MEDIA_VOLUME_MAX = 2;
export const SIMULCAST_LAYERS = { min: 1, max: 3 } as const;
export const ENCODING_RANGES = {
  maxBitrate: { min: 100_000, max: 2_500_000 },
  maxFramerate: { min: 1, max: 30 },
  scaleResolutionDownBy: { min: 1, max: 8 },
} as const;

// ─── Value lists (spec §5) ──────────────────────────────────────────────────────────────────────────

export const AUDIO_PROCESSOR_TYPES = ['none', 'noise-cancellation'] as const;
export const VIDEO_PROCESSOR_TYPES = ['none', 'background-blur', 'background-image', 'face-detection'] as const;
export const BACKGROUND_IMAGE_TYPES = ['jpg', 'png', 'jpeg'] as const;
export const TRAY_BUTTON_VISUAL_STATES = ['default', 'sidebar-open', 'active'] as const;
export const INTEGRATION_LOCATIONS = ['main', 'sidebar'] as const;
export const REMOTE_MEDIA_PLAYER_STATES = ['play', 'pause'] as const;
export const LANGUAGES = [
  'da',
  'de',
  'en-us',
  'en',
  'es',
  'fi',
  'fr',
  'it',
  'jp',
  'ka',
  'nl',
  'no',
  'pl',
  'pt',
  'pt-BR',
  'ru',
  'sv',
  'tr',
  'user',
] as const;
export const THEME_COLOR_KEYS = [
  'accent',
  'accentText',
  'background',
  'backgroundAccent',
  'baseText',
  'border',
  'mainAreaBg',
  'mainAreaBgAccent',
  'mainAreaText',
  'supportiveText',
] as const;
export const RESERVED_TRACK_NAMES = [
  'cam-audio',
  'cam-video',
  'screen-video',
  'screen-audio',
  'rmpAudio',
  'rmpVideo',
  'customVideoDefaults',
] as const;
export const CUSTOM_TRACK_MODES = ['music', 'speech'] as const;
export const VIDEO_SEND_PRESETS = [
  'default-video',
  'bandwidth-optimized',
  'bandwidth-and-quality-balanced',
  'quality-optimized',
  'adaptive-2-layers',
  'adaptive-3-layers',
] as const;
export const SCREEN_SEND_PRESETS = [
  'default-screen-video',
  'detail-optimized',
  'motion-optimized',
  'motion-and-detail-balanced',
] as const;
export const MAX_QUALITIES = ['low', 'medium', 'high'] as const;
export const RECORDING_TYPES = ['cloud', 'raw-tracks', 'local'] as const;
export const DIAL_OUT_AUDIO_CODECS = ['OPUS', 'PCMU', 'PCMA', 'G722'] as const;
export const DIAL_OUT_VIDEO_CODECS = ['H264', 'VP8'] as const;
export const MERGE_STRATEGIES = ['replace', 'shallow-merge'] as const;
export const SHOW_NAMES_MODES = ['always', 'never'] as const;
export const MEDIA_TYPES = ['video', 'audio', 'screenVideo', 'screenAudio', 'customVideo', 'customAudio'] as const;
export const ADMIN_TYPES = ['participants', 'streaming', 'transcription'] as const;
const ENCODING_NUMERIC_KEYS = Object.keys(ENCODING_RANGES) as Array<keyof typeof ENCODING_RANGES>;
const ENCODING_OTHER_KEYS = ['active', 'scalabilityMode'] as const;

// ─── Texts (spec §8; the client's own wording where it has one) ─────────────────────────────────────

export const MESSAGES = {
  unrecognizedProperty: (key: string) => `unrecognized property '${key}'`,
  property: (key: string, problem: string) => `property '${key}': ${problem}`,
  inputSettingsForm:
    'inputSettings must be of the form: { video?: { processor?: { type, config? }, settings? }, audio?: { processor?: { type }, settings? } }',
  audioProcessorType: `inputSettings audio processor type invalid; expected one of: ${AUDIO_PROCESSOR_TYPES.join(', ')}`,
  audioProcessorKey: (key: string) =>
    `invalid key inputSettings -> audio -> processor : ${key} (only "type" is allowed)`,
  videoProcessorType: `inputSettings video processor type invalid; expected one of: ${VIDEO_PROCESSOR_TYPES.join(', ')}`,
  videoProcessorKey: (key: string) =>
    `invalid key inputSettings -> video -> processor : ${key} (only "type" and "config" are allowed)`,
  blurConfig: 'invalid object in inputSettings -> video -> processor -> config; blur takes only "strength"',
  blurStrength: (got: unknown) =>
    `invalid object in inputSettings -> video -> processor -> config; expected: {0 < strength <= 1}, got: ${String(got)}`,
  backgroundSource: `invalid background image source; expected "default", an ArrayBuffer, a URL of a supported image type (${BACKGROUND_IMAGE_TYPES.join(', ')}) or an integer 1 to ${PRESELECTED_BACKGROUND_MAX}`,
  backgroundImageType: `invalid image type; supported types: [${BACKGROUND_IMAGE_TYPES.join(', ')}]`,
  backgroundPreselect: `invalid image selection; must be an int, > 0, <= ${PRESELECTED_BACKGROUND_MAX}`,
  reactNativeProcessing: 'Video processing is not yet supported in React Native',
  settingsTrack: 'inputSettings settings.customTrack must be a MediaStreamTrack',
  trayButtons: 'customTrayButtons should be an object of buttons keyed by id',
  trayButtonKey: (key: string) => `customTrayButton does not support key ${key}`,
  trayButtonUrl: (key: string) => `customTrayButton ${key} should be a url.`,
  trayButtonString: (key: string) => `customTrayButton ${key} should be a string.`,
  trayButtonVisualState: (got: unknown) =>
    `customTrayButton visualState should be 'default' | 'sidebar-open' | 'active'. Got: ${String(got)}`,
  integrations: 'customIntegrations should be an object of integrations keyed by id',
  integration: (id: string, problem: string) => `customIntegration ${id}: ${problem}`,
  integrationKey: (key: string) => `customIntegration does not support key ${key}`,
  callTransferRequired: (method: string) => `${method}() requires a sessionId and toEndPoint`,
  callTransferStrings: 'Invalid parameter: sessionId and toEndPoint must be of type string',
  callTransferSipRefer: '"toEndPoint" must be a "sip" address',
  callTransferEndPoint: (endPoint: string) => `toEndPoint: ${endPoint} must start with either "sip:" or "+"`,
  callTransferCallerIdType: 'callerId must be of type string',
  callTransferCallerId: 'callerId is only valid when transferring to a PSTN number',
  rmpSettings: 'RemoteMediaPlayerSettings: must be "object" type',
  rmpKey: (key: string) => `Invalid key ${key}, valid keys are: state,volume,simulcastEncodings`,
  rmpState: `Invalid value for RemoteMediaPlayerSettings.state, valid values are: ${REMOTE_MEDIA_PLAYER_STATES.join(', ')}`,
  rmpVolumeType: 'RemoteMediaPlayerSettings.volume: must be "number" type',
  rmpVolume: 'RemoteMediaPlayerSettings.volume: must be between 0.0 - 2.0',
  rmpUrl: 'url parameter must be "string" type',
  userDataJson: 'userData must be serializable to JSON',
  userDataTooLarge: (length: number) =>
    `userData is too large (${length} characters). Maximum size supported is ${USER_DATA_MAX_CHARS}.`,
  lang: `language not supported. Options are: ${LANGUAGES.join(', ')}`,
  themeShape: 'Theme must contain either both "light" and "dark" properties, or "colors".',
  themeMissingColors: (which: 'Light' | 'Dark') => `${which} theme is missing "colors" property.`,
  themeColorKey: (key: string) => `unsupported color "${key}". Valid colors: ${THEME_COLOR_KEYS.join(', ')}`,
  themeColorValue: (key: string, got: unknown) =>
    `${key} theme color should be provided in valid hex color format. Received: "${String(got)}"`,
  gridMaxInteger: (got: unknown) => `grid.maxTilesPerPage should be an integer. You passed ${String(got)}.`,
  gridMaxTooLarge: `grid.maxTilesPerPage can't be larger than ${GRID_MAX_TILES_PER_PAGE}.`,
  gridMinInteger: (got: unknown) => `grid.minTilesPerPage should be an integer. You passed ${String(got)}.`,
  gridMinTooSmall: `grid.minTilesPerPage can't be lower than ${GRID_MIN_TILES_PER_PAGE}.`,
  gridMinAboveMax: "grid.minTilesPerPage can't be higher than grid.maxTilesPerPage.",
  trackNameLength: `Custom track \`trackName\` must not be more than ${CUSTOM_TRACK_NAME_MAX_CHARS} characters`,
  trackNameReserved: `Custom track \`trackName\` must not match a track name already used by daily: ${RESERVED_TRACK_NAMES.join(', ')}`,
  trackMode: 'Custom track `mode` must be either `music` | `speech` | `DailyMicAudioModeSettings` or `undefined`',
  trackInstance: 'Custom tracks provided must be instances of MediaStreamTrack',
  audioLevelInterval: `The interval must be a number greater than or equal to ${AUDIO_LEVEL_INTERVAL_MIN_MS} milliseconds.`,
  encodingsArray: 'encodings must be an Array',
  encodingsLayers: `encodings must be an Array with between ${SIMULCAST_LAYERS.min} to ${SIMULCAST_LAYERS.max} layers`,
  encodingEmpty: `Empty encoding is not allowed. At least one of these valid keys should be specified:${ENCODING_NUMERIC_KEYS.join(',')}`,
  encodingNumber: (key: string) => `${key} must be a number`,
  encodingRange: (key: keyof typeof ENCODING_RANGES) =>
    `${key} value not in range. valid range: ${ENCODING_RANGES[key].min} to ${ENCODING_RANGES[key].max}`,
  encodingKey: (key: string) =>
    `Invalid key ${key}, valid keys are:${[...ENCODING_NUMERIC_KEYS, ...ENCODING_OTHER_KEYS].join(',')}`,
  encodingActive: 'active must be a boolean',
  encodingScalabilityMode: 'scalabilityMode must be a string',
  encodingMaxBitrate: 'maxBitrate is not specified',
  sendSettingsEmpty: 'Send settings must contain at least information for one track!',
  sendSettingsPreset: (track: string) =>
    `Video send settings should be either an object or one of the supported presets: ${(track === 'screenVideo' ? SCREEN_SEND_PRESETS : VIDEO_SEND_PRESETS).join()}`,
  sendSettingsContent:
    'Video send settings must contain at least maxQuality, allowAdaptiveLayers or encodings attribute',
  sendSettingsKey: (key: string) =>
    `Invalid key ${key} in video send settings, valid keys are: maxQuality, encodings, allowAdaptiveLayers`,
  maxQuality: 'maxQuality must be either low, medium or high',
  allowAdaptiveLayers: 'allowAdaptiveLayers must be a boolean',
  sendEncodings: 'Encodings must be defined as: low, low and medium, or low, medium and high.',
  recordingType: (got: unknown) =>
    `invalid type: ${String(got)}, allowed values ${RECORDING_TYPES.map((t) => `'${t}'`).join(', ')}`,
  dialOut: (problem: string) => `Error starting dial out: ${problem}`,
  dtmfRequired: 'sessionId and tones are mandatory parameter',
  dtmfStrings: 'sessionId and tones should be of string type',
  dtmfLength: `tones string must be upto ${DTMF_MAX_CHARS} characters`,
  dtmfTone: (tone: string) => `${tone} is not valid DTMF tone`,
  mergeStrategy: `Unrecognized mergeStrategy provided. Options are: [${MERGE_STRATEGIES.join(',')}]`,
  sessionDataPlain: 'Meeting session data must be a plain (map-like) object',
  sessionDataJson: 'Meeting session data must be serializable to JSON',
  sessionDataTooLarge: (length: number) =>
    `Meeting session data is too large (${length} characters). Maximum size supported is ${SESSION_DATA_MAX_CHARS}.`,
  sessionDataKey: (key: string) => `Invalid key ${key} in session data update, valid keys are: data, mergeStrategy`,
  participantProperty: (key: string) => `unrecognized updateParticipant property ${key}`,
  participantObject: 'updateParticipant properties must be an object',
  setScreenShare: "setScreenShare must be false, as it's only meant for stopping remote participants' screen shares",
  setSubscribedTracksAutomatic: 'setSubscribedTracks cannot be used when setSubscribeToTracksAutomatically is enabled',
  setSubscribedTracksForm:
    "setSubscribedTracks should be of the form: true | 'avatar' | false | 'staged' | { [audio|video|screenAudio|screenVideo|rmpAudio|rmpVideo]: true|false|'staged', [custom]: … }",
  booleanProperty: (key: string) => `${key} must be a boolean`,
  styles: 'styles format should be a subset of: { cam: {div: {}, video: {}}, screen: {div: {}, video: {}} }',
  updatePermissions:
    'updatePermissions can take hasPresence, canSend, canReceive, and canAdmin permissions. hasPresence must be a boolean. canSend can be a boolean or an Array of media types (video, audio, screenVideo, screenAudio, customVideo, customAudio). canReceive must be an object. canAdmin can be a boolean or an Array of admin types (participants, streaming, transcription).',
  showNamesMode: 'setShowNamesMode argument should be "always", "never", or false',
  playNewParticipantSound: (got: unknown) =>
    `argument to setPlayNewParticipantSound should be true, false, or a number, but is ${String(got)}`,
  stopTranscriptionObject: 'stopTranscription Error: options must be object type',
  stopTranscriptionInstance: '"instanceId" not provided',
  appMessageJson: 'Message data must be serializable to JSON',
  appMessageTooLarge: (max: number) => `Message data too large. Max size is ${max}`,
} as const;

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────────

/** What the validation may depend on besides the value. */
export interface VideoClientInputContext {
  /** The call joins with automatic track subscription (participant updates may not set subscriptions). */
  subscribeToTracksAutomatically?: boolean;
  /** React Native: no input processors. */
  reactNative?: boolean;
  /** The room's app-message cap (default APP_MESSAGE_MAX_CHARS). */
  maxAppMessageSize?: number;
}

type Issue = v.BaseIssue<unknown>;
type AnySchema = v.GenericSchema;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
};
const keyOf = (issue: Issue): string => String(issue.path?.at(-1)?.key ?? '');
const lengthOf = (value: unknown): number | null => {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return typeof text === 'string' ? text.length : null;
  } catch {
    return null;
  }
};
/** A media track: MediaStreamTrack where the platform has one, else anything shaped like it. */
const isMediaTrack = (value: unknown): boolean => {
  const Track = (globalThis as { MediaStreamTrack?: new () => unknown }).MediaStreamTrack;
  if (Track) return value instanceof Track;
  return isRecord(value) && (value.kind === 'audio' || value.kind === 'video') && typeof value.id === 'string';
};
const isUrl = (value: string): boolean => {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** E.164 as the client checks it: a plus, then digits. */
const E164 = /^\+\d+$/;
const DTMF_INVALID = /[^0-9A-D*#]/;
const stringArray = v.array(v.string());

/** The message of an object schema's own issue: not an object, a missing key, or an unknown key. */
function objectMessage(notObject: string, unknownKey?: (key: string) => string, missing: Record<string, string> = {}) {
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
function strict<const T extends v.ObjectEntries>(
  entries: T,
  notObject: string,
  unknownKey: (key: string) => string,
  missing: Record<string, string> = {},
) {
  return v.strictObject(entries, objectMessage(notObject, unknownKey, missing));
}

/** A map-like object (not an array) of `value`s. */
function dict<const T extends AnySchema>(value: T, notObject: string) {
  return v.pipe(v.custom<Record<string, unknown>>(isRecord, notObject), v.record(v.string(), value, notObject));
}

/** A record keyed by id whose entries are checked by a schema built for that id (messages name it). */
function keyedRecord(notObject: string, entry: (id: string) => AnySchema) {
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
function rules<T>(check: (value: T, problem: (message: string) => void) => void) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed) check(dataset.value, (message) => addIssue({ message }));
  });
}

/** Chooses the schema a value is meant for (or refuses it with a message) and reports its problems. */
function pick(choose: (value: unknown) => AnySchema | string) {
  return v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      const chosen = choose(dataset.value);
      if (typeof chosen === 'string') return addIssue({ message: chosen });
      for (const issue of v.safeParse(chosen, dataset.value).issues ?? []) addIssue({ message: issue.message });
    }),
  );
}

// ─── Input settings: processors and background images ───────────────────────────────────────────────

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

// ─── Prebuilt frame: tray buttons and integrations ──────────────────────────────────────────────────

const trayUrl = (key: string) =>
  v.pipe(v.string(MESSAGES.trayButtonUrl(key)), v.check(isUrl, MESSAGES.trayButtonUrl(key)));
const trayString = (key: string) => v.string(MESSAGES.trayButtonString(key));

export const customTrayButtonSchema = strict(
  {
    iconPath: v.optional(trayUrl('iconPath')),
    iconPathDarkMode: v.optional(trayUrl('iconPathDarkMode')),
    label: v.optional(trayString('label')),
    tooltip: v.optional(trayString('tooltip')),
    visualState: v.optional(
      v.picklist(TRAY_BUTTON_VISUAL_STATES, (issue) => MESSAGES.trayButtonVisualState(issue.input)),
    ),
  },
  MESSAGES.trayButtons,
  MESSAGES.trayButtonKey,
);

export const customTrayButtonsSchema = dict(customTrayButtonSchema, MESSAGES.trayButtons);

const INTEGRATION_TYPES: Record<string, string> = {
  allow: 'string',
  controlledBy: "'*' | 'owners' | string[]",
  csp: 'string',
  iconURL: 'string',
  label: 'string',
  loading: "'eager' | 'lazy'",
  location: "'main' | 'sidebar'",
  name: 'string',
  referrerPolicy: 'string',
  sandbox: 'string',
  src: 'string',
  srcdoc: 'string',
  shared: "string[] | 'owners' | boolean",
};

/** One custom integration; every message names its id. */
export function customIntegrationSchema(id: string) {
  const says = (problem: string) => MESSAGES.integration(id, problem);
  const typed = (key: string) => says(`${key} should be ${INTEGRATION_TYPES[key]}`);
  const text = (key: string) => v.optional(v.string(typed(key)));
  return v.pipe(
    strict(
      {
        allow: text('allow'),
        controlledBy: v.optional(v.union([v.literal('*'), v.literal('owners'), stringArray], typed('controlledBy'))),
        csp: text('csp'),
        iconURL: v.optional(
          v.pipe(v.string(says('iconURL should be a url')), v.check(isUrl, says('iconURL should be a url'))),
        ),
        label: v.string(says('label is required')),
        loading: v.optional(v.picklist(['eager', 'lazy'], typed('loading'))),
        location: v.picklist(INTEGRATION_LOCATIONS, (issue) =>
          issue.input === undefined ? says('location is required') : typed('location'),
        ),
        name: text('name'),
        referrerPolicy: text('referrerPolicy'),
        sandbox: text('sandbox'),
        src: v.optional(
          v.pipe(
            v.string(typed('src')),
            v.check(isUrl, (issue) => says(`src "${String(issue.input)}" is not a valid URL`)),
          ),
        ),
        srcdoc: text('srcdoc'),
        shared: v.optional(v.union([v.boolean(), v.literal('owners'), stringArray], typed('shared'))),
      },
      says('should be an object'),
      MESSAGES.integrationKey,
      { label: says('label is required'), location: says('location is required') },
    ),
    rules((value, problem) => {
      const hasSrc = value.src !== undefined;
      const hasSrcdoc = value.srcdoc !== undefined;
      if (!hasSrc && !hasSrcdoc) problem(says('src or srcdoc is required'));
      if (hasSrc && hasSrcdoc) problem(says('cannot have both src and srcdoc'));
    }),
  );
}

export const customIntegrationsSchema = keyedRecord(MESSAGES.integrations, customIntegrationSchema);

// ─── Telephony: call transfer, dial-out, DTMF ───────────────────────────────────────────────────────

/** sipCallTransfer / sipRefer options (`useSipRefer` is set by sipRefer). */
export const callTransferSchema = v.pipe(
  v.object(
    {
      sessionId: v.optional(v.unknown()),
      toEndPoint: v.optional(v.unknown()),
      callerId: v.optional(v.unknown()),
      useSipRefer: v.optional(v.boolean()),
    },
    MESSAGES.callTransferRequired('sipCallTransfer'),
  ),
  rules((value, problem) => {
    const { sessionId, toEndPoint, callerId, useSipRefer } = value;
    const method = useSipRefer ? 'sipRefer' : 'sipCallTransfer';
    if (!sessionId || !toEndPoint) return problem(MESSAGES.callTransferRequired(method));
    if (typeof sessionId !== 'string' || typeof toEndPoint !== 'string') return problem(MESSAGES.callTransferStrings);
    if (useSipRefer && !toEndPoint.startsWith('sip:')) problem(MESSAGES.callTransferSipRefer);
    else if (!toEndPoint.startsWith('sip:') && !toEndPoint.startsWith('+'))
      problem(MESSAGES.callTransferEndPoint(toEndPoint));
    if (callerId !== undefined && typeof callerId !== 'string') problem(MESSAGES.callTransferCallerIdType);
    else if (callerId && !toEndPoint.startsWith('+')) problem(MESSAGES.callTransferCallerId);
  }),
);

const dialOut = MESSAGES.dialOut;
const codecList = (kind: 'audio' | 'video', codecs: readonly string[]) =>
  v.pipe(
    v.array(v.string(dialOut(`${kind} codec must be a string`)), dialOut(`${kind} codec must be an array`)),
    v.minLength(1, dialOut(`${kind} codec array specified but empty`)),
    v.check(
      (list) => list.every((codec) => codecs.includes(codec)),
      dialOut(
        kind === 'audio' ? 'audio codec must be one of OPUS, PCMU, PCMA, G722' : 'video codec must be H264 or VP8',
      ),
    ),
  );

export const dialOutSchema = v.pipe(
  v.looseObject(
    {
      sipUri: v.optional(
        v.pipe(
          v.string(dialOut('sipUri must be a string')),
          v.startsWith('sip:', dialOut("Invalid SIP URI, must start with 'sip:'")),
        ),
      ),
      phoneNumber: v.optional(
        v.pipe(
          v.string(dialOut('phoneNumber must be a string')),
          v.regex(E164, dialOut('Invalid phone number, must be valid phone number as per E.164')),
        ),
      ),
      video: v.optional(v.boolean(dialOut('video must be a boolean value'))),
      codecs: v.optional(
        v.object(
          {
            audio: v.optional(codecList('audio', DIAL_OUT_AUDIO_CODECS)),
            video: v.optional(codecList('video', DIAL_OUT_VIDEO_CODECS)),
          },
          dialOut('codecs must be an object of audio and video codec arrays'),
        ),
      ),
      callerId: v.optional(v.string(dialOut('callerId must be a string'))),
      displayName: v.optional(
        v.pipe(
          v.string(dialOut('displayName must be a string')),
          v.maxLength(DIAL_OUT_DISPLAY_NAME_MAX_CHARS, dialOut('displayName length must be less than 200')),
        ),
      ),
      userId: v.optional(
        v.pipe(
          v.string(dialOut('userId must be a string')),
          v.maxLength(
            DIAL_OUT_USER_ID_MAX_CHARS,
            dialOut(`userId length must be less than or equal to ${DIAL_OUT_USER_ID_MAX_CHARS}`),
          ),
        ),
      ),
    },
    dialOut('options must be an object'),
  ),
  rules((value, problem) => {
    if (!value.sipUri && !value.phoneNumber) problem(dialOut('either a sip uri or phone number must be provided'));
    if (value.sipUri && value.phoneNumber) problem(dialOut('only one of sip uri or phone number must be provided'));
    if (value.callerId && value.sipUri) problem(dialOut('callerId not allowed with sipUri'));
  }),
);

export const dtmfSchema = v.pipe(
  v.object({ sessionId: v.optional(v.unknown()), tones: v.optional(v.unknown()) }, MESSAGES.dtmfRequired),
  rules((value, problem) => {
    const { sessionId, tones } = value;
    if (!sessionId || !tones) return problem(MESSAGES.dtmfRequired);
    if (typeof sessionId !== 'string' || typeof tones !== 'string') return problem(MESSAGES.dtmfStrings);
    if (tones.length > DTMF_MAX_CHARS) problem(MESSAGES.dtmfLength);
    const invalid = tones.match(DTMF_INVALID);
    if (invalid) problem(MESSAGES.dtmfTone(invalid[0]));
  }),
);

// ─── Media: remote media player, custom tracks, audio levels, encodings, send settings ──────────────

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

// ─── Prebuilt frame look: lang, theme, grid layout ──────────────────────────────────────────────────

export const langSchema = v.picklist(LANGUAGES, MESSAGES.lang);

const themeColorsSchema = v.pipe(
  dict(v.unknown(), MESSAGES.themeShape),
  rules<Record<string, unknown>>((colors, problem) => {
    for (const [key, value] of Object.entries(colors)) {
      if (!(THEME_COLOR_KEYS as readonly string[]).includes(key)) problem(MESSAGES.themeColorKey(key));
      else if (typeof value !== 'string' || !HEX_COLOR.test(value)) problem(MESSAGES.themeColorValue(key, value));
    }
  }),
);

const themeVariantSchema = (which: 'Light' | 'Dark') =>
  pick((variant) =>
    isRecord(variant) && 'colors' in variant
      ? v.object({ colors: themeColorsSchema })
      : MESSAGES.themeMissingColors(which),
  );

/** Light and dark both (each with colors), or colors. */
export const themeSchema = pick((theme) => {
  if (!isRecord(theme)) return MESSAGES.themeShape;
  if ('light' in theme && 'dark' in theme)
    return v.object({ light: themeVariantSchema('Light'), dark: themeVariantSchema('Dark') });
  if ('colors' in theme) return v.object({ colors: themeColorsSchema });
  return MESSAGES.themeShape;
});

export const layoutConfigSchema = v.pipe(
  v.looseObject({
    grid: v.optional(
      v.pipe(
        v.looseObject({
          maxTilesPerPage: v.optional(
            v.pipe(
              v.number((issue) => MESSAGES.gridMaxInteger(issue.input)),
              v.integer((issue) => MESSAGES.gridMaxInteger(issue.input)),
              v.maxValue(GRID_MAX_TILES_PER_PAGE, MESSAGES.gridMaxTooLarge),
            ),
          ),
          minTilesPerPage: v.optional(
            v.pipe(
              v.number((issue) => MESSAGES.gridMinInteger(issue.input)),
              v.integer((issue) => MESSAGES.gridMinInteger(issue.input)),
              v.minValue(GRID_MIN_TILES_PER_PAGE, MESSAGES.gridMinTooSmall),
            ),
          ),
        }),
        v.check(
          (grid) =>
            grid.minTilesPerPage === undefined ||
            grid.maxTilesPerPage === undefined ||
            grid.minTilesPerPage <= grid.maxTilesPerPage,
          MESSAGES.gridMinAboveMax,
        ),
      ),
    ),
  }),
);

// ─── Data: userData, session data, app messages ─────────────────────────────────────────────────────

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

// ─── Participants, names, sounds, transcription ─────────────────────────────────────────────────────

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

// ─── Call properties (createCallObject / join): every known property, the rest unrecognized ─────────

const PASS = v.unknown();
const propertySchemas: Record<string, AnySchema> = {
  url: v.string('url should be a string'),
  baseUrl: v.string('baseUrl should be a string'),
  token: v.string('token should be a string'),
  lang: langSchema,
  userName: PASS,
  userData: userDataSchema,
  theme: themeSchema,
  layoutConfig: layoutConfigSchema,
  customTrayButtons: customTrayButtonsSchema,
  customIntegrations: customIntegrationsSchema,
  inputSettings: inputSettingsSchema,
  sendSettings: sendSettingsSchema,
  subscribeToTracksAutomatically: v.boolean('subscribeToTracksAutomatically should be a boolean'),
  layout: v.picklist(['custom-v1', 'browser', 'none'], 'layout may only be set to "custom-v1"'),
  dailyConfig: PASS,
  reactNativeConfig: PASS,
  videoSource: PASS,
  audioSource: PASS,
  receiveSettings: PASS,
  startVideoOff: PASS,
  startAudioOff: PASS,
  allowLocalVideo: PASS,
  allowLocalAudio: PASS,
  activeSpeakerMode: PASS,
  showLeaveButton: PASS,
  showLocalVideo: PASS,
  showParticipantsBar: PASS,
  showFullscreenButton: PASS,
  showUserNameChangeUI: PASS,
  iframeStyle: PASS,
  customLayout: PASS,
  cssFile: PASS,
  cssText: PASS,
  bodyClass: PASS,
  strictMode: PASS,
  allowMultipleCallInstances: PASS,
};
export const CALL_PROPERTIES = Object.keys(propertySchemas);

export const callPropertiesSchema = v.pipe(
  dict(v.unknown(), 'call properties must be an object'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, value] of Object.entries(dataset.value)) {
      const schema = propertySchemas[key];
      if (!schema) {
        addIssue({ message: MESSAGES.unrecognizedProperty(key) });
        continue;
      }
      for (const issue of v.safeParse(schema, value).issues ?? [])
        addIssue({ message: MESSAGES.property(key, issue.message) });
    }
  }),
);

// ─── One entry point ────────────────────────────────────────────────────────────────────────────────

export const VIDEO_CLIENT_INPUTS = [
  'callProperties',
  'inputSettings',
  'audioProcessor',
  'videoProcessor',
  'backgroundImageSource',
  'customTrayButtons',
  'customIntegrations',
  'callTransfer',
  'sipRefer',
  'remoteMediaPlayerStart',
  'remoteMediaPlayerSettings',
  'userData',
  'lang',
  'theme',
  'layoutConfig',
  'customTrack',
  'audioLevelInterval',
  'simulcastEncodings',
  'sendSettings',
  'recording',
  'dialOut',
  'dtmf',
  'sessionData',
  'participantUpdate',
  'showNamesMode',
  'playNewParticipantSound',
  'stopTranscription',
  'appMessage',
] as const;
export type VideoClientInput = (typeof VIDEO_CLIENT_INPUTS)[number];

function schemaFor(input: VideoClientInput, context: VideoClientInputContext): AnySchema {
  switch (input) {
    case 'callProperties':
      return callPropertiesSchema;
    case 'inputSettings':
      return inputSettingsSchema;
    case 'audioProcessor':
      return audioProcessorSchema;
    case 'videoProcessor':
      return videoProcessorSchema;
    case 'backgroundImageSource':
      return backgroundImageSourceSchema;
    case 'customTrayButtons':
      return customTrayButtonsSchema;
    case 'customIntegrations':
      return customIntegrationsSchema;
    case 'callTransfer':
      return callTransferSchema;
    case 'sipRefer':
      return v.pipe(
        v.unknown(),
        v.transform((value) => (isRecord(value) ? { ...value, useSipRefer: true } : value)),
        callTransferSchema,
      );
    case 'remoteMediaPlayerStart':
      return remoteMediaPlayerStartSchema;
    case 'remoteMediaPlayerSettings':
      return remoteMediaPlayerSettingsSchema;
    case 'userData':
      return userDataSchema;
    case 'lang':
      return langSchema;
    case 'theme':
      return themeSchema;
    case 'layoutConfig':
      return layoutConfigSchema;
    case 'customTrack':
      return customTrackSchema;
    case 'audioLevelInterval':
      return audioLevelIntervalSchema;
    case 'simulcastEncodings':
      return simulcastEncodingsSchema;
    case 'sendSettings':
      return sendSettingsSchema;
    case 'recording':
      return recordingSchema;
    case 'dialOut':
      return dialOutSchema;
    case 'dtmf':
      return dtmfSchema;
    case 'sessionData':
      return sessionDataSchema;
    case 'participantUpdate':
      return participantUpdateSchema(context);
    case 'showNamesMode':
      return showNamesModeSchema;
    case 'playNewParticipantSound':
      return playNewParticipantSoundSchema;
    case 'stopTranscription':
      return stopTranscriptionSchema;
    case 'appMessage':
      return appMessageSchema(context);
  }
}

/** Processors the platform cannot run (spec §5: no video processing in React Native). */
function platformProblems(input: VideoClientInput, value: unknown, context: VideoClientInputContext): string[] {
  if (!context.reactNative) return [];
  const settings =
    input === 'inputSettings' ? value : input === 'callProperties' && isRecord(value) ? value.inputSettings : undefined;
  const hasProcessor =
    input === 'audioProcessor' ||
    input === 'videoProcessor' ||
    (isRecord(settings) &&
      ((isRecord(settings.audio) && settings.audio.processor !== undefined) ||
        (isRecord(settings.video) && settings.video.processor !== undefined)));
  return hasProcessor ? [MESSAGES.reactNativeProcessing] : [];
}

/** Every problem with `value` as the video-call client's `input`; empty when it is valid. */
export function validateVideoClientInput(
  input: VideoClientInput,
  value: unknown,
  context: VideoClientInputContext = {},
): string[] {
  const problems = platformProblems(input, value, context);
  const result = v.safeParse(schemaFor(input, context), value);
  for (const issue of result.issues ?? []) if (!problems.includes(issue.message)) problems.push(issue.message);
  return problems;
}

/**
 * What a client does with an input (spec §5: errors go to the console): logs every problem with
 * `log` (console.error by default) and says whether the call may go on.
 */
export function checkVideoClientInput(
  input: VideoClientInput,
  value: unknown,
  context: VideoClientInputContext = {},
  log: (message: string) => void = console.error,
): boolean {
  const problems = validateVideoClientInput(input, value, context);
  for (const problem of problems) log(problem);
  return problems.length === 0;
}

/**
 * For a client method that refuses invalid input: logs every problem with `log` (console.error by
 * default) and throws a VideoClientInputError carrying them; returns when the input is valid.
 */
export function assertVideoClientInput(
  input: VideoClientInput,
  value: unknown,
  context: VideoClientInputContext = {},
  log: (message: string) => void = console.error,
): void {
  const problems = validateVideoClientInput(input, value, context);
  if (problems.length === 0) return;
  for (const problem of problems) log(problem);
  throw new VideoClientInputError(input, problems);
}

/** Thrown by a client method that refuses its input; `problems` is what was logged. */
export class VideoClientInputError extends Error {
  constructor(
    readonly input: VideoClientInput,
    readonly problems: string[],
  ) {
    super(problems[0] ?? `invalid ${input}`);
    this.name = 'VideoClientInputError';
  }
}
