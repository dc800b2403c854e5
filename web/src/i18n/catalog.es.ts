// The Spanish catalog, loaded only when Spanish is chosen (its own chunk).
import type { Messages, Translation } from './catalog.ts';
import { appEs } from './messages/app.es.ts';
import { assistantEs } from './messages/assistant.es.ts';
import { mileageEs } from './messages/mileage.es.ts';
import { offlineEs } from './messages/offline.es.ts';
import { patientsEs } from './messages/patients.es.ts';
import { routeEs } from './messages/route.es.ts';
import { scheduleEs } from './messages/schedule.es.ts';
import { sharedEs } from './messages/shared.es.ts';

export const esMessages: Translation<Messages> = {
  ...appEs,
  ...sharedEs,
  ...scheduleEs,
  ...assistantEs,
  ...routeEs,
  ...patientsEs,
  ...offlineEs,
  ...mileageEs,
};
