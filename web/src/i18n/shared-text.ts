// The few texts of components shared by the dashboard and the English-only pages (skip link, error boundary):
// the dashboard's provider puts its translator here; elsewhere they are English. This module must not import
// react-intl: the landing page would then download it.
import { createContext, useContext } from 'react';
import { sharedEn } from './messages/shared.en.ts';

export type SharedTextId = keyof typeof sharedEn;

export const SharedTextContext = createContext<((id: SharedTextId) => string) | null>(null);

/** `text('app.reload')`: the dashboard's language inside it, English elsewhere. */
export function useSharedText(): (id: SharedTextId) => string {
  const translate = useContext(SharedTextContext);
  return translate ?? ((id) => sharedEn[id]);
}
