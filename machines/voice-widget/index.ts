export { createVoiceWidgetActors } from './voice-widget.actors.ts';
export * from './voice-widget.machine.ts';
export * from './voice-widget.messages.ts';
export * from './voice-widget.types.ts';
export * from './voice-widget.view.ts';
