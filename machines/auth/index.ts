// The auth machine's public names. Its model (test data for path generation) is not here: machines/registry.ts
// and the tests import it directly, so it never reaches a production bundle.
export { createAuthActors, PROFILE_NOT_FOUND_CODE, ProfileLoadError } from './auth.actors.ts';
export { AUTH_REQUEST_TIMEOUT_MS, AUTH_TIMEOUT_MS, authMachine, SIGN_IN_REDIRECT_TIMEOUT_MS } from './auth.machine.ts';
export * from './auth.types.ts';
export * from './auth.view.ts';
