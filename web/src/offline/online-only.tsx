// Holds back what needs the network while offline (the assistant, Use this order, adding patients): in its place a
// plain sentence saying it needs a connection (no control that would pretend). Online it renders its children.
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.ts';
import { useConnectivity } from './use-connectivity.ts';

const NOTICES = {
  assistant: 'offline.assistantNeedsConnection',
  order: 'offline.orderNeedsConnection',
  patients: 'offline.patientsNeedsConnection',
} as const;

export interface OnlineOnlyProps {
  /** Which sentence to show offline; none: nothing is shown in the children's place. */
  notice?: keyof typeof NOTICES;
  children: ReactNode;
}

export function OnlineOnly({ notice, children }: OnlineOnlyProps) {
  const t = useT();
  const { needsConnection } = useConnectivity();
  if (!needsConnection) return <>{children}</>;
  return notice ? (
    <p className="offline-notice" data-testid="needs-connection">
      {t(NOTICES[notice])}
    </p>
  ) : null;
}
