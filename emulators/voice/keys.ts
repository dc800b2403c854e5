// The local platform's voice org and keys. Local-only values, public by design (printed by `npm start`
// and `homerounds whoami --local`); never valid on the real platform.
export { LOCAL_VOICE_PUBLIC_KEY } from '../../fixtures/voice-keys.ts';

/** The one org of the local voice platform. */
export const LOCAL_VOICE_ORG_ID = '00000000-0000-4000-8000-00000000a11d';
export const LOCAL_VOICE_ORG_NAME = 'HomeRounds Local';

/** Private key of the local org: full access to the local voice API. */
export const LOCAL_VOICE_PRIVATE_KEY = 'local-private-7f3c2a1e-9b4d-4e8f-a6c5-2d1b0e9f8a7c';
