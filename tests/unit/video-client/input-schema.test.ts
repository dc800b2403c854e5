// Every input rule of the video-call client (specification §5) at its boundaries, with the texts of §8.
import { describe, expect, it, vi } from 'vitest';
import {
  CALL_PROPERTIES,
  checkVideoClientInput,
  LANGUAGES,
  MESSAGES,
  RESERVED_TRACK_NAMES,
  THEME_COLOR_KEYS,
  VIDEO_CLIENT_INPUTS,
  type VideoClientInput,
  type VideoClientInputContext,
  validateVideoClientInput,
} from '../../../core/video-client/input-schema/index.ts';

const problems = (input: VideoClientInput, value: unknown, context?: VideoClientInputContext) =>
  validateVideoClientInput(input, value, context);
const ok = (input: VideoClientInput, value: unknown, context?: VideoClientInputContext) =>
  expect(problems(input, value, context)).toEqual([]);
const refused = (input: VideoClientInput, value: unknown, message: string, context?: VideoClientInputContext) =>
  expect(problems(input, value, context)).toContain(message);

/** Shaped like a MediaStreamTrack (Node has none; the schema accepts the shape there). */
const track = { kind: 'audio', id: 'track-1', readyState: 'live' };

describe('audio processor (only the key type, a known processor value)', () => {
  it.each(['none', 'noise-cancellation'])('accepts %s', (type) => ok('audioProcessor', { type }));
  it('refuses an unknown type', () => refused('audioProcessor', { type: 'krisp' }, MESSAGES.audioProcessorType));
  it('refuses a key other than type', () =>
    refused('audioProcessor', { type: 'none', config: {} }, MESSAGES.audioProcessorKey('config')));
  it('refuses a missing type', () => refused('audioProcessor', {}, MESSAGES.audioProcessorType));
});

describe('video processor (known type, optional config; blur takes only strength in (0, 1])', () => {
  it.each(['none', 'background-blur', 'background-image', 'face-detection'])('accepts type %s', (type) =>
    ok('videoProcessor', { type }),
  );
  it('refuses an unknown type', () => refused('videoProcessor', { type: 'sepia' }, MESSAGES.videoProcessorType));
  it.each([0, 1.0001, -1, 2])('refuses blur strength %s', (strength) =>
    refused('videoProcessor', { type: 'background-blur', config: { strength } }, MESSAGES.blurStrength(strength)),
  );
  it.each([1, 0.0001, 0.5])('accepts blur strength %s', (strength) =>
    ok('videoProcessor', { type: 'background-blur', config: { strength } }),
  );
  it('refuses a non-number strength and NaN', () => {
    refused('videoProcessor', { type: 'background-blur', config: { strength: '0.5' } }, MESSAGES.blurStrength('0.5'));
    refused(
      'videoProcessor',
      { type: 'background-blur', config: { strength: Number.NaN } },
      MESSAGES.blurStrength(NaN),
    );
  });
  it('refuses a blur config key other than strength', () =>
    refused('videoProcessor', { type: 'background-blur', config: { strength: 0.5, radius: 3 } }, MESSAGES.blurConfig));
  it('accepts an empty blur config', () => ok('videoProcessor', { type: 'background-blur', config: {} }));
  it('refuses a processor key other than type and config', () =>
    refused('videoProcessor', { type: 'none', extra: 1 }, MESSAGES.videoProcessorKey('extra')));
});

describe('background image source', () => {
  it.each<[string, unknown]>([
    ['default', 'default'],
    ['an ArrayBuffer', new ArrayBuffer(8)],
    ['a png URL', 'https://example.test/bg.png'],
    ['a JPG URL (case-insensitive)', 'https://example.test/bg.JPG'],
    ['a jpeg URL', 'https://example.test/a/b.jpeg'],
    ['a data: URL of a png', 'data:image/png;base64,AAAA'],
    ['preselected 1', 1],
    ['preselected 10', 10],
    ['preselected "3" as text', '3'],
  ])('accepts %s', (_label, source) => ok('backgroundImageSource', source));
  it.each([0, 11, 2.5, -1])('refuses preselected %s', (source) =>
    refused('backgroundImageSource', source, MESSAGES.backgroundPreselect),
  );
  it('refuses an unsupported image type', () =>
    refused('backgroundImageSource', 'https://example.test/bg.gif', MESSAGES.backgroundImageType));
  it('refuses something that is none of the four', () => {
    refused('backgroundImageSource', 'not a url', MESSAGES.backgroundSource);
    refused('backgroundImageSource', { url: 'x' }, MESSAGES.backgroundSource);
  });
  it('is checked inside a background-image processor config', () => {
    ok('inputSettings', { video: { processor: { type: 'background-image', config: { source: 4 } } } });
    refused(
      'inputSettings',
      { video: { processor: { type: 'background-image', config: { source: 11 } } } },
      MESSAGES.backgroundPreselect,
    );
  });
});

describe('input settings', () => {
  it('accepts audio and video processors with settings', () =>
    ok('inputSettings', {
      audio: { processor: { type: 'noise-cancellation' }, settings: { customTrack: track } },
      video: { processor: { type: 'background-blur', config: { strength: 1 } } },
    }));
  it('refuses a top-level key other than audio and video', () =>
    refused('inputSettings', { screen: {} }, MESSAGES.inputSettingsForm));
  it('refuses a custom track that is not a media track', () =>
    refused('inputSettings', { audio: { settings: { customTrack: 'mic' } } }, MESSAGES.settingsTrack));
  it('refuses processors in React Native (video processing unsupported)', () => {
    const reactNative = { reactNative: true };
    refused('inputSettings', { video: { processor: { type: 'none' } } }, MESSAGES.reactNativeProcessing, reactNative);
    refused('audioProcessor', { type: 'none' }, MESSAGES.reactNativeProcessing, reactNative);
    ok('inputSettings', { audio: { settings: {} } }, reactNative);
  });
});

describe('custom tray buttons', () => {
  it('accepts a full button', () =>
    ok('customTrayButtons', {
      notes: {
        iconPath: 'https://example.test/i.svg',
        iconPathDarkMode: 'https://example.test/d.svg',
        label: 'Notes',
        tooltip: 'Open notes',
        visualState: 'sidebar-open',
      },
    }));
  it.each(['default', 'sidebar-open', 'active'])('accepts visualState %s', (visualState) =>
    ok('customTrayButtons', { b: { visualState } }),
  );
  it('refuses another visualState', () =>
    refused('customTrayButtons', { b: { visualState: 'hidden' } }, MESSAGES.trayButtonVisualState('hidden')));
  it('refuses icon paths that are not URLs', () => {
    refused('customTrayButtons', { b: { iconPath: 'icon.svg' } }, MESSAGES.trayButtonUrl('iconPath'));
    refused('customTrayButtons', { b: { iconPathDarkMode: 3 } }, MESSAGES.trayButtonUrl('iconPathDarkMode'));
  });
  it('refuses keys of the wrong declared type and unknown keys', () => {
    refused('customTrayButtons', { b: { label: 3 } }, MESSAGES.trayButtonString('label'));
    refused('customTrayButtons', { b: { onClick: 'x' } }, MESSAGES.trayButtonKey('onClick'));
  });
  it('refuses a list', () => refused('customTrayButtons', [], MESSAGES.trayButtons));
});

describe('custom integrations', () => {
  const base = { label: 'Chart', location: 'sidebar', src: 'https://example.test/chart' };
  it('accepts src or srcdoc, each location, controlledBy and shared forms', () => {
    ok('customIntegrations', { chart: base });
    ok('customIntegrations', { chart: { label: 'C', location: 'main', srcdoc: '<p>hi</p>' } });
    for (const controlledBy of ['*', 'owners', ['a', 'b']]) ok('customIntegrations', { c: { ...base, controlledBy } });
    for (const shared of [true, false, 'owners', ['a']]) ok('customIntegrations', { c: { ...base, shared } });
  });
  it('requires label, location and one of src or srcdoc', () => {
    refused(
      'customIntegrations',
      { c: { location: 'main', src: base.src } },
      MESSAGES.integration('c', 'label is required'),
    );
    refused(
      'customIntegrations',
      { c: { label: 'C', src: base.src } },
      MESSAGES.integration('c', 'location is required'),
    );
    refused(
      'customIntegrations',
      { c: { label: 'C', location: 'main' } },
      MESSAGES.integration('c', 'src or srcdoc is required'),
    );
    refused(
      'customIntegrations',
      { c: { ...base, srcdoc: '<p/>' } },
      MESSAGES.integration('c', 'cannot have both src and srcdoc'),
    );
  });
  it('refuses a location other than main or sidebar', () =>
    refused(
      'customIntegrations',
      { c: { ...base, location: 'footer' } },
      MESSAGES.integration('c', "location should be 'main' | 'sidebar'"),
    ));
  it('refuses a src that is not a URL', () =>
    refused(
      'customIntegrations',
      { c: { ...base, src: 'chart.html' } },
      MESSAGES.integration('c', 'src "chart.html" is not a valid URL'),
    ));
  it('refuses wrong controlledBy and shared', () => {
    refused(
      'customIntegrations',
      { c: { ...base, controlledBy: 'me' } },
      MESSAGES.integration('c', "controlledBy should be '*' | 'owners' | string[]"),
    );
    refused(
      'customIntegrations',
      { c: { ...base, controlledBy: [1] } },
      MESSAGES.integration('c', "controlledBy should be '*' | 'owners' | string[]"),
    );
    refused(
      'customIntegrations',
      { c: { ...base, shared: 'all' } },
      MESSAGES.integration('c', "shared should be string[] | 'owners' | boolean"),
    );
  });
  it('refuses an unknown key', () =>
    refused('customIntegrations', { c: { ...base, width: 3 } }, MESSAGES.integrationKey('width')));
});

describe('call transfer (sipCallTransfer, sipRefer)', () => {
  it('accepts a SIP address and a + number, callerId with a + number', () => {
    ok('callTransfer', { sessionId: 's', toEndPoint: 'sip:desk@example.test' });
    ok('callTransfer', { sessionId: 's', toEndPoint: '+15551234567', callerId: 'caller-1' });
    ok('sipRefer', { sessionId: 's', toEndPoint: 'sip:desk@example.test' });
  });
  it('requires sessionId and toEndPoint, as strings', () => {
    refused('callTransfer', { sessionId: 's' }, MESSAGES.callTransferRequired('sipCallTransfer'));
    refused('sipRefer', { toEndPoint: 'sip:x' }, MESSAGES.callTransferRequired('sipRefer'));
    refused('callTransfer', { sessionId: 1, toEndPoint: 'sip:x' }, MESSAGES.callTransferStrings);
  });
  it('requires sip: or + and a SIP address for SIP refer', () => {
    refused('callTransfer', { sessionId: 's', toEndPoint: '5551234' }, MESSAGES.callTransferEndPoint('5551234'));
    refused('sipRefer', { sessionId: 's', toEndPoint: '+15551234567' }, MESSAGES.callTransferSipRefer);
  });
  it('allows callerId only as a string and only for a + number', () => {
    refused('callTransfer', { sessionId: 's', toEndPoint: 'sip:x', callerId: 'c' }, MESSAGES.callTransferCallerId);
    refused('callTransfer', { sessionId: 's', toEndPoint: '+1555', callerId: 5 }, MESSAGES.callTransferCallerIdType);
  });
});

describe('remote media player (volume 0 to 2, state play or pause)', () => {
  it.each([0, 1, 2])('accepts volume %s', (volume) => ok('remoteMediaPlayerSettings', { volume }));
  it.each([-0.01, 2.01])('refuses volume %s', (volume) =>
    refused('remoteMediaPlayerSettings', { volume }, MESSAGES.rmpVolume),
  );
  it('refuses a non-number volume', () =>
    refused('remoteMediaPlayerSettings', { volume: '1' }, MESSAGES.rmpVolumeType));
  it.each(['play', 'pause'])('accepts state %s', (state) => ok('remoteMediaPlayerSettings', { state }));
  it('refuses another state and unknown keys', () => {
    refused('remoteMediaPlayerSettings', { state: 'stop' }, MESSAGES.rmpState);
    refused('remoteMediaPlayerSettings', { loop: true }, MESSAGES.rmpKey('loop'));
  });
  it('needs maxBitrate in its encodings and a string url to start', () => {
    refused('remoteMediaPlayerSettings', { simulcastEncodings: [{ maxFramerate: 30 }] }, MESSAGES.encodingMaxBitrate);
    ok('remoteMediaPlayerStart', { url: 'https://example.test/v.mp4', settings: { state: 'play' } });
    refused('remoteMediaPlayerStart', { url: 3 }, MESSAGES.rmpUrl);
  });
});

describe('userData (JSON, at most 4096 characters)', () => {
  it('accepts 4096 characters and refuses 4097', () => {
    ok('userData', 'x'.repeat(4096));
    refused('userData', 'x'.repeat(4097), MESSAGES.userDataTooLarge(4097));
  });
  it('counts the serialised JSON of an object', () => {
    const fits = { a: 'x'.repeat(4096 - '{"a":""}'.length) };
    ok('userData', fits);
    refused('userData', { a: `${fits.a}x` }, MESSAGES.userDataTooLarge(4097));
  });
  it('refuses what does not serialise', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    refused('userData', cyclic, MESSAGES.userDataJson);
    refused('userData', 10n, MESSAGES.userDataJson);
  });
  it('says "userData is too large" (spec §8: userData too large)', () =>
    expect(problems('userData', 'x'.repeat(5000))[0]).toMatch(
      /^userData is too large \(5000 characters\)\. Maximum size supported is 4096\.$/,
    ));
});

describe('lang', () => {
  it('has exactly the specification list', () =>
    expect([...LANGUAGES]).toEqual(
      'da, de, en-us, en, es, fi, fr, it, jp, ka, nl, no, pl, pt, pt-BR, ru, sv, tr, user'.split(', '),
    ));
  it.each([...LANGUAGES])('accepts %s', (lang) => ok('lang', lang));
  it.each(['en-US', 'pt-br', 'ja', '', 'EN'])('refuses %s', (lang) => refused('lang', lang, MESSAGES.lang));
});

describe('theme (light and dark, or colors; ten keys; hex colors)', () => {
  const colors = { accent: '#1A2B3C', background: '#fff' };
  it('accepts colors, and light plus dark', () => {
    ok('theme', { colors });
    ok('theme', { light: { colors }, dark: { colors: { baseText: '#000000' } } });
    ok('theme', { colors: Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, '#abc'])) });
  });
  it('refuses light without dark, and neither', () => {
    refused('theme', { light: { colors } }, MESSAGES.themeShape);
    refused('theme', {}, MESSAGES.themeShape);
    refused('theme', 'dark', MESSAGES.themeShape);
  });
  it('refuses a variant without colors', () => {
    refused('theme', { light: {}, dark: { colors } }, MESSAGES.themeMissingColors('Light'));
    refused('theme', { light: { colors }, dark: {} }, MESSAGES.themeMissingColors('Dark'));
  });
  it('refuses an unknown key', () => refused('theme', { colors: { link: '#000' } }, MESSAGES.themeColorKey('link')));
  it.each(['#12345', '#ggg', '123456', '#1234567', 'red', '#12'])('refuses the color %s', (color) =>
    refused('theme', { colors: { accent: color } }, MESSAGES.themeColorValue('accent', color)),
  );
});

describe('grid layout (maxTilesPerPage integer up to 49; minTilesPerPage integer, at least 1, not above max)', () => {
  it('accepts 49 and refuses 50', () => {
    ok('layoutConfig', { grid: { maxTilesPerPage: 49 } });
    refused('layoutConfig', { grid: { maxTilesPerPage: 50 } }, MESSAGES.gridMaxTooLarge);
  });
  it('refuses a non-integer max or min', () => {
    refused('layoutConfig', { grid: { maxTilesPerPage: 4.5 } }, MESSAGES.gridMaxInteger(4.5));
    refused('layoutConfig', { grid: { minTilesPerPage: 1.5 } }, MESSAGES.gridMinInteger(1.5));
  });
  it('accepts min 1 and refuses 0', () => {
    ok('layoutConfig', { grid: { minTilesPerPage: 1 } });
    refused('layoutConfig', { grid: { minTilesPerPage: 0 } }, MESSAGES.gridMinTooSmall);
  });
  it('accepts min equal to max and refuses min above max', () => {
    ok('layoutConfig', { grid: { minTilesPerPage: 9, maxTilesPerPage: 9 } });
    refused('layoutConfig', { grid: { minTilesPerPage: 10, maxTilesPerPage: 9 } }, MESSAGES.gridMinAboveMax);
  });
});

describe('custom track (name up to 50, not reserved; mode music, speech or object; a media track)', () => {
  it('accepts a 50-character name and refuses 51', () => {
    ok('customTrack', { track, trackName: 'n'.repeat(50) });
    refused('customTrack', { track, trackName: 'n'.repeat(51) }, MESSAGES.trackNameLength);
  });
  it.each([...RESERVED_TRACK_NAMES])('refuses the reserved name %s', (trackName) =>
    refused('customTrack', { track, trackName }, MESSAGES.trackNameReserved),
  );
  it.each<unknown>(['music', 'speech', { autoGainControl: false }])('accepts mode %j', (mode) =>
    ok('customTrack', { track, mode }),
  );
  it('refuses another mode', () => refused('customTrack', { track, mode: 'voice' }, MESSAGES.trackMode));
  it('refuses what is not a media track', () => {
    refused('customTrack', { track: 'mic' }, MESSAGES.trackInstance);
    refused('customTrack', {}, MESSAGES.trackInstance);
  });
});

describe('audio-level interval (at least 100 ms)', () => {
  it('accepts 100 and the default, refuses 99.9 and non-numbers', () => {
    ok('audioLevelInterval', 100);
    ok('audioLevelInterval', undefined);
    refused('audioLevelInterval', 99.9, MESSAGES.audioLevelInterval);
    refused('audioLevelInterval', 0, MESSAGES.audioLevelInterval);
    refused('audioLevelInterval', '200', MESSAGES.audioLevelInterval);
  });
});

describe('simulcast encodings (1 to 3 layers; bounds per key; active, scalabilityMode)', () => {
  const layer = { maxBitrate: 500_000 };
  it('accepts 1, 2 and 3 layers and refuses 0 and 4', () => {
    ok('simulcastEncodings', [layer]);
    ok('simulcastEncodings', [layer, layer]);
    ok('simulcastEncodings', [layer, layer, layer]);
    refused('simulcastEncodings', [], MESSAGES.encodingsLayers);
    refused('simulcastEncodings', [layer, layer, layer, layer], MESSAGES.encodingsLayers);
  });
  it('refuses what is not an array', () => refused('simulcastEncodings', layer, MESSAGES.encodingsArray));
  it.each<[keyof typeof import('../../../core/video-client/input-schema/index.ts').ENCODING_RANGES, number, number]>([
    ['maxBitrate', 100_000, 2_500_000],
    ['maxFramerate', 1, 30],
    ['scaleResolutionDownBy', 1, 8],
  ])('%s accepts %s to %s and refuses just outside', (key, min, max) => {
    ok('simulcastEncodings', [{ [key]: min }]);
    ok('simulcastEncodings', [{ [key]: max }]);
    const below = key === 'maxBitrate' ? min - 1 : min - 0.01;
    const above = key === 'maxBitrate' ? max + 1 : max + 0.01;
    refused('simulcastEncodings', [{ [key]: below }], MESSAGES.encodingRange(key));
    refused('simulcastEncodings', [{ [key]: above }], MESSAGES.encodingRange(key));
    refused('simulcastEncodings', [{ [key]: String(min) }], MESSAGES.encodingNumber(key));
  });
  it('accepts active and scalabilityMode, refuses other keys and empty layers', () => {
    ok('simulcastEncodings', [{ ...layer, active: false, scalabilityMode: 'L1T3' }]);
    refused('simulcastEncodings', [{ ...layer, priority: 'high' }], MESSAGES.encodingKey('priority'));
    refused('simulcastEncodings', [{}], MESSAGES.encodingEmpty);
  });
});

describe('send settings (video and screen presets, maxQuality)', () => {
  it.each([
    'default-video',
    'bandwidth-optimized',
    'bandwidth-and-quality-balanced',
    'quality-optimized',
    'adaptive-2-layers',
    'adaptive-3-layers',
  ])('accepts the video preset %s', (preset) => ok('sendSettings', { video: preset }));
  it.each(['default-screen-video', 'detail-optimized', 'motion-optimized', 'motion-and-detail-balanced'])(
    'accepts the screen preset %s',
    (preset) => ok('sendSettings', { screenVideo: preset }),
  );
  it('refuses a screen preset for video and a video preset for the screen', () => {
    refused('sendSettings', { video: 'detail-optimized' }, MESSAGES.sendSettingsPreset('video'));
    refused('sendSettings', { screenVideo: 'default-video' }, MESSAGES.sendSettingsPreset('screenVideo'));
  });
  it.each(['low', 'medium', 'high'])('accepts maxQuality %s', (maxQuality) =>
    ok('sendSettings', { video: { maxQuality } }),
  );
  it('refuses another maxQuality, an empty object and no track', () => {
    refused('sendSettings', { video: { maxQuality: 'ultra' } }, MESSAGES.maxQuality);
    refused('sendSettings', { video: {} }, MESSAGES.sendSettingsContent);
    refused('sendSettings', {}, MESSAGES.sendSettingsEmpty);
  });
  it('requires encodings low, low+medium or low+medium+high', () => {
    const e = { maxBitrate: 200_000 };
    ok('sendSettings', { video: { encodings: { low: e } } });
    ok('sendSettings', { video: { encodings: { low: e, medium: e, high: e } } });
    refused('sendSettings', { video: { encodings: { medium: e } } }, MESSAGES.sendEncodings);
    refused('sendSettings', { video: { encodings: { low: e, high: e } } }, MESSAGES.sendEncodings);
  });
});

describe('recording type', () => {
  it.each(['cloud', 'raw-tracks', 'local'])('accepts %s', (type) => ok('recording', { type }));
  it('accepts no options', () => ok('recording', undefined));
  it.each(['cloud-audio-only', 'disk'])('refuses %s (not in the specification list)', (type) =>
    refused('recording', { type }, MESSAGES.recordingType(type)),
  );
});

describe('dial-out', () => {
  const d = MESSAGES.dialOut;
  it('accepts exactly one of sipUri or an E.164 number', () => {
    ok('dialOut', { sipUri: 'sip:nurse@example.test' });
    ok('dialOut', { phoneNumber: '+15551234567', callerId: 'cid-1' });
  });
  it('refuses neither and both', () => {
    refused('dialOut', {}, d('either a sip uri or phone number must be provided'));
    refused(
      'dialOut',
      { sipUri: 'sip:a', phoneNumber: '+1555' },
      d('only one of sip uri or phone number must be provided'),
    );
  });
  it('refuses a sipUri without sip:', () =>
    refused('dialOut', { sipUri: 'nurse@example.test' }, d("Invalid SIP URI, must start with 'sip:'")));
  it.each(['15551234567', '+1 555 123', '+', '+1555-1234', '++1555'])('refuses the phone number %s', (phoneNumber) =>
    refused('dialOut', { phoneNumber }, d('Invalid phone number, must be valid phone number as per E.164')),
  );
  it('accepts the known codecs and refuses others', () => {
    ok('dialOut', { sipUri: 'sip:a', codecs: { audio: ['OPUS', 'PCMU', 'PCMA', 'G722'], video: ['H264', 'VP8'] } });
    refused(
      'dialOut',
      { sipUri: 'sip:a', codecs: { audio: ['AAC'] } },
      d('audio codec must be one of OPUS, PCMU, PCMA, G722'),
    );
    refused('dialOut', { sipUri: 'sip:a', codecs: { video: ['VP9'] } }, d('video codec must be H264 or VP8'));
    refused('dialOut', { sipUri: 'sip:a', codecs: { audio: [] } }, d('audio codec array specified but empty'));
  });
  it('refuses callerId with sipUri', () =>
    refused('dialOut', { sipUri: 'sip:a', callerId: 'c' }, d('callerId not allowed with sipUri')));
  it('accepts a displayName of 199 characters and refuses 200', () => {
    ok('dialOut', { sipUri: 'sip:a', displayName: 'n'.repeat(199) });
    refused(
      'dialOut',
      { sipUri: 'sip:a', displayName: 'n'.repeat(200) },
      d('displayName length must be less than 200'),
    );
  });
  it('accepts a userId of 36 characters and refuses 37', () => {
    ok('dialOut', { sipUri: 'sip:a', userId: 'u'.repeat(36) });
    refused(
      'dialOut',
      { sipUri: 'sip:a', userId: 'u'.repeat(37) },
      d('userId length must be less than or equal to 36'),
    );
  });
});

describe('DTMF (up to 20 of 0-9, A-D, *, #; sessionId required)', () => {
  it('accepts 20 characters of every allowed tone and refuses 21', () => {
    ok('dtmf', { sessionId: 's', tones: '0123456789ABCD*#0123' });
    refused('dtmf', { sessionId: 's', tones: '1'.repeat(21) }, MESSAGES.dtmfLength);
  });
  it.each(['E', 'a', ' ', '+', 'p'])('refuses the tone %j', (tone) =>
    refused('dtmf', { sessionId: 's', tones: `12${tone}3` }, MESSAGES.dtmfTone(tone)),
  );
  it('requires sessionId and tones, as strings', () => {
    refused('dtmf', { tones: '1' }, MESSAGES.dtmfRequired);
    refused('dtmf', { sessionId: 's', tones: '' }, MESSAGES.dtmfRequired);
    refused('dtmf', { sessionId: 1, tones: '1' }, MESSAGES.dtmfStrings);
  });
});

describe('session data (plain object, JSON, at most 102400 characters; replace or shallow-merge)', () => {
  it('accepts 102400 characters and refuses 102401', () => {
    const pad = (n: number) => ({ d: 'x'.repeat(n - '{"d":""}'.length) });
    ok('sessionData', { data: pad(102_400) });
    refused('sessionData', { data: pad(102_401) }, MESSAGES.sessionDataTooLarge(102_401));
  });
  it.each(['replace', 'shallow-merge'])('accepts mergeStrategy %s', (mergeStrategy) =>
    ok('sessionData', { data: {}, mergeStrategy }),
  );
  it('refuses another mergeStrategy', () =>
    refused('sessionData', { data: {}, mergeStrategy: 'deep-merge' }, MESSAGES.mergeStrategy));
  it('refuses data that is not a plain object', () => {
    for (const data of [[1], 'text', null, new Date(0), new Map()])
      refused('sessionData', { data }, MESSAGES.sessionDataPlain);
  });
  it('refuses data that does not serialise', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    refused('sessionData', { data: cyclic }, MESSAGES.sessionDataJson);
  });
});

describe('participant update', () => {
  it('allows setScreenShare false only', () => {
    ok('participantUpdate', { setScreenShare: false });
    refused('participantUpdate', { setScreenShare: true }, MESSAGES.setScreenShare);
  });
  it('refuses setSubscribedTracks when automatic subscription is on', () => {
    ok('participantUpdate', { setSubscribedTracks: { audio: true, video: 'staged' } });
    refused('participantUpdate', { setSubscribedTracks: true }, MESSAGES.setSubscribedTracksAutomatic, {
      subscribeToTracksAutomatically: true,
    });
    refused('participantUpdate', { setSubscribedTracks: { cam: true } }, MESSAGES.setSubscribedTracksForm);
  });
  it('refuses an unrecognized property', () =>
    refused('participantUpdate', { setMicrophone: true }, MESSAGES.participantProperty('setMicrophone')));
  it('checks permissions', () => {
    ok('participantUpdate', { updatePermissions: { hasPresence: true, canSend: ['audio'], canAdmin: false } });
    refused('participantUpdate', { updatePermissions: { canSend: ['smell'] } }, MESSAGES.updatePermissions);
    refused('participantUpdate', { updatePermissions: { hasPresence: 'yes' } }, MESSAGES.updatePermissions);
  });
  it('checks styles and refuses a non-object', () => {
    ok('participantUpdate', { styles: { cam: { div: {}, video: {} } } });
    refused('participantUpdate', { styles: { cam: { span: {} } } }, MESSAGES.styles);
    refused('participantUpdate', 'mute', MESSAGES.participantObject);
  });
});

describe('show-names mode, new-participant sound, stop-transcription', () => {
  it.each<unknown>(['always', 'never', false])('show-names accepts %j', (mode) => ok('showNamesMode', mode));
  it.each<unknown>(['sometimes', true, 1, null, ''])('show-names refuses %j', (mode) =>
    refused('showNamesMode', mode, MESSAGES.showNamesMode),
  );
  it.each<unknown>([true, false, 0, 0.5])('new-participant sound accepts %j', (value) =>
    ok('playNewParticipantSound', value),
  );
  it.each<unknown>(['yes', null])('new-participant sound refuses %j', (value) =>
    refused('playNewParticipantSound', value, MESSAGES.playNewParticipantSound(value)),
  );
  it('stop-transcription options need instanceId', () => {
    ok('stopTranscription', undefined);
    ok('stopTranscription', { instanceId: 'tx-1' });
    refused('stopTranscription', {}, MESSAGES.stopTranscriptionInstance);
    refused('stopTranscription', 'tx-1', MESSAGES.stopTranscriptionObject);
  });
});

describe('app message (capped)', () => {
  it('accepts 4096 serialised characters and refuses 4097, or the room cap', () => {
    const message = (n: number) => ({ m: 'x'.repeat(n - '{"m":""}'.length) });
    ok('appMessage', message(4096));
    refused('appMessage', message(4097), MESSAGES.appMessageTooLarge(4096));
    ok('appMessage', message(8000), { maxAppMessageSize: 8000 });
  });
});

describe('call properties ("unrecognized property")', () => {
  it('accepts the known properties', () =>
    ok('callProperties', { url: 'https://example.test/room', token: 't', lang: 'en', userData: { id: 1 } }));
  it('names every unrecognized property', () => {
    const found = problems('callProperties', { url: 'https://x', colour: 'red', size: 3 });
    expect(found).toEqual([MESSAGES.unrecognizedProperty('colour'), MESSAGES.unrecognizedProperty('size')]);
    expect(found[0]).toBe("unrecognized property 'colour'");
  });
  it('prefixes a known property’s problem with its name', () => {
    refused('callProperties', { lang: 'xx' }, MESSAGES.property('lang', MESSAGES.lang));
    refused(
      'callProperties',
      { layoutConfig: { grid: { maxTilesPerPage: 50 } } },
      MESSAGES.property('layoutConfig', MESSAGES.gridMaxTooLarge),
    );
  });
  it('covers the inputs a call is created with', () =>
    expect(CALL_PROPERTIES).toEqual(
      expect.arrayContaining([
        'lang',
        'theme',
        'layoutConfig',
        'userData',
        'customTrayButtons',
        'customIntegrations',
        'inputSettings',
        'sendSettings',
      ]),
    ));
});

describe('one entry point', () => {
  it('knows every input of the list', () => {
    for (const input of VIDEO_CLIENT_INPUTS) expect(Array.isArray(problems(input, undefined))).toBe(true);
  });
  it('checkVideoClientInput logs each problem and refuses; passes a valid input silently', () => {
    const log = vi.fn();
    expect(checkVideoClientInput('dtmf', { sessionId: 's', tones: `${'1'.repeat(21)}x` }, {}, log)).toBe(false);
    expect(log.mock.calls).toEqual([[MESSAGES.dtmfLength], [MESSAGES.dtmfTone('x')]]);
    log.mockClear();
    expect(checkVideoClientInput('dtmf', { sessionId: 's', tones: '1#' }, {}, log)).toBe(true);
    expect(log).not.toHaveBeenCalled();
  });
  it('logs with console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(checkVideoClientInput('lang', 'xx')).toBe(false);
      expect(spy).toHaveBeenCalledWith(MESSAGES.lang);
    } finally {
      spy.mockRestore();
    }
  });
});
