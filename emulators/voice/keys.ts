// The local platform's voice org and keys. Local-only values, public by design (printed by `npm start`
// and `homerounds whoami --local`); never valid on the real platform.
// The private key lives with the other local secrets, where cli/ may read it for `--local`.

export { LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
export { LOCAL_VOICE_PRIVATE_KEY } from '../local-secrets.ts';

/** The one org of the local voice platform. */
export const LOCAL_VOICE_ORG_ID = '00000000-0000-4000-8000-00000000a11d';
export const LOCAL_VOICE_ORG_NAME = 'HomeRounds Local';
