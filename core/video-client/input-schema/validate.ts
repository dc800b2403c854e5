// The one entry point: validates any video-client input by name, then logs (check) or throws (assert) its problems.
import * as v from 'valibot';
import { callPropertiesSchema } from './call-properties.ts';
import { type AnySchema, isRecord } from './combinators.ts';
import type { VideoClientInputContext } from './context.ts';
import { appMessageSchema, sessionDataSchema, userDataSchema } from './data.ts';
import { langSchema, layoutConfigSchema, themeSchema } from './frame-look.ts';
import {
  audioProcessorSchema,
  backgroundImageSourceSchema,
  inputSettingsSchema,
  videoProcessorSchema,
} from './input-settings.ts';
import {
  audioLevelIntervalSchema,
  customTrackSchema,
  recordingSchema,
  remoteMediaPlayerSettingsSchema,
  remoteMediaPlayerStartSchema,
  sendSettingsSchema,
  simulcastEncodingsSchema,
} from './media.ts';
import { MESSAGES } from './messages.ts';
import {
  participantUpdateSchema,
  playNewParticipantSoundSchema,
  showNamesModeSchema,
  stopTranscriptionSchema,
} from './participants.ts';
import { customIntegrationsSchema, customTrayButtonsSchema } from './prebuilt-frame.ts';
import { callTransferSchema, dialOutSchema, dtmfSchema } from './telephony.ts';

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
