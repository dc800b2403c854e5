// Every English text of the dashboard, merged from its concerns' catalogs (ids are namespaced by concern).
import { appEn } from './messages/app.en.ts';

export const enMessages = {
  ...appEn,
} as const;
