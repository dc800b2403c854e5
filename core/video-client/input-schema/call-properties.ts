// The call properties schema (createCallObject / join): every known property checked, the rest unrecognized.
import * as v from 'valibot';
import { type AnySchema, dict } from './combinators.ts';
import { userDataSchema } from './data.ts';
import { langSchema, layoutConfigSchema, themeSchema } from './frame-look.ts';
import { inputSettingsSchema } from './input-settings.ts';
import { sendSettingsSchema } from './media.ts';
import { MESSAGES } from './messages.ts';
import { customIntegrationsSchema, customTrayButtonsSchema } from './prebuilt-frame.ts';

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
