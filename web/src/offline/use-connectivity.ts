// The dashboard's view of its connection (page-connectivity.ts), and "reload when back online".
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { type ConnectivityView, toConnectivityView } from '../../../machines/connectivity/index.ts';
import { type ConnectivityActor, pageConnectivity } from './page-connectivity.ts';

export function useConnectivity(actor: ConnectivityActor = pageConnectivity()): ConnectivityView {
  return useSelector(actor, toConnectivityView, shallowEqual);
}

/** Calls `onReconnect` when the connection comes back (the schedule reloads by itself). */
export function useReloadWhenOnline(onReconnect: () => void, actor: ConnectivityActor = pageConnectivity()): void {
  const latest = useRef(onReconnect);
  latest.current = onReconnect;
  useEffect(() => {
    const subscription = actor.on('connectivity.refresh', () => latest.current());
    return () => subscription.unsubscribe();
  }, [actor]);
}
