// The video-call client's input rules (specification §5, "Input settings of the video-call client" to
// "App message size is capped"), as one valibot schema per input, with the client's error texts (§8:
// "unrecognized property", "userData too large", the dial-out, DTMF and encoding messages; where the
// specification names no text, one that names the field and the limit). `validateVideoClientInput`
// returns the list of problems (empty = valid); the caller logs them with console.error and refuses the
// call (`checkVideoClientInput` logs and answers whether to go on, `assertVideoClientInput` logs and
// throws). No I/O but that logging, no clock; imports nothing of ours. Used by the CLI's call simulator
// and the web's local client (docs/voice-calls.md §10). This file only gathers the public names:
// limits.ts (limits, value lists), messages.ts (texts), combinators.ts (building blocks, not exported),
// one module per area of schemas, call-properties.ts, and validate.ts (the entry point).
export * from './call-properties.ts';
export * from './context.ts';
export * from './data.ts';
export * from './frame-look.ts';
export * from './input-settings.ts';
export * from './limits.ts';
export * from './media.ts';
export * from './messages.ts';
export * from './participants.ts';
export * from './prebuilt-frame.ts';
export * from './telephony.ts';
export * from './validate.ts';
