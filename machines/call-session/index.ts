export { createCallSessionActors, StageFailure } from './call-session.actors.ts';
export * from './call-session.machine.ts';
export { callSessionModel } from './call-session.model.ts';
export * from './call-session.types.ts';
export * from './call-session.view.ts';
