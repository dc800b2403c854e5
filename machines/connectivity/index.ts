// The connectivity machine's public names. Its model is not here: machines/registry.ts and the tests import it
// directly, so it never reaches a production bundle.
export { connectivityMachine, RECONNECT_TIMEOUT_MS } from './connectivity.machine.ts';
export * from './connectivity.types.ts';
export * from './connectivity.view.ts';
