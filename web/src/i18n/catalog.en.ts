// Every English text of the dashboard, merged from its concerns' catalogs (ids are namespaced by concern).
import { appEn } from './messages/app.en.ts';
import { assistantEn } from './messages/assistant.en.ts';
import { mileageEn } from './messages/mileage.en.ts';
import { offlineEn } from './messages/offline.en.ts';
import { patientsEn } from './messages/patients.en.ts';
import { routeEn } from './messages/route.en.ts';
import { scheduleEn } from './messages/schedule.en.ts';
import { sharedEn } from './messages/shared.en.ts';

export const enMessages = {
  ...appEn,
  ...sharedEn,
  ...scheduleEn,
  ...assistantEn,
  ...routeEn,
  ...patientsEn,
  ...offlineEn,
  ...mileageEn,
} as const;
