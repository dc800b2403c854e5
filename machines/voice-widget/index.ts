export { createVoiceWidgetActors } from './voice-widget.actors.ts';
export * from './voice-widget.machine.ts';
export { voiceWidgetModel } from './voice-widget.model.ts';
export * from './voice-widget.types.ts';
export * from './voice-widget.view.ts';
