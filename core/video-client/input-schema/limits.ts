// The video-call client's input limits and value lists (spec §5 and §9): the numbers and names the schemas check.

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
