// The Spanish catalog, loaded only when Spanish is chosen (its own chunk).
import type { Messages, Translation } from './catalog.ts';
import { appEs } from './messages/app.es.ts';

export const esMessages: Translation<Messages> = {
  ...appEs,
};
