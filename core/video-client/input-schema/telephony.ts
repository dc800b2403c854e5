// Schemas of the telephony methods: SIP call transfer and refer, dial-out, and DTMF tones.
import * as v from 'valibot';
import { rules } from './combinators.ts';
import {
  DIAL_OUT_AUDIO_CODECS,
  DIAL_OUT_DISPLAY_NAME_MAX_CHARS,
  DIAL_OUT_USER_ID_MAX_CHARS,
  DIAL_OUT_VIDEO_CODECS,
  DTMF_MAX_CHARS,
} from './limits.ts';
import { MESSAGES } from './messages.ts';

/** E.164 as the client checks it: a plus, then digits. */
const E164 = /^\+\d+$/;
const DTMF_INVALID = /[^0-9A-D*#]/;

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
