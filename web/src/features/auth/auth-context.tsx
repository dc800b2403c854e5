// The one auth actor of the app, provided through React context. Components read it with
// useAuthView() (a selector over the snapshot), act through useAuthActions() (events to the machine,
// never the ports) and hear the end of a session through useSignedOut().
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  type AuthPorts,
  type AuthView,
  authMachine,
  createAuthActors,
  toAuthView,
} from '../../../../machines/auth/index.ts';
import { forgetReturnPath, rememberReturnPath } from './return-path.ts';

type AuthActorRef = ActorRefFrom<typeof authMachine>;

const AuthContext = createContext<AuthActorRef | null>(null);

export function AuthProvider({ ports, children }: { ports: AuthPorts; children: ReactNode }) {
  const actor = useActorRef(authMachine.provide({ actors: createAuthActors(ports) }));
  const state = useSelector(actor, (snapshot) => toAuthView(snapshot).state);
  return (
    <AuthContext.Provider value={actor}>
      <div className="app-root" data-machine="auth" data-state={state}>
        {children}
      </div>
    </AuthContext.Provider>
  );
}

function useAuthActor(): AuthActorRef {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuth* must be used inside <AuthProvider>');
  return actor;
}

export function useAuthView(): AuthView {
  return useSelector(useAuthActor(), toAuthView, shallowEqual);
}

/**
 * Calls `onSignedOut` when a signed-in session ends (the menu's Sign out, or another tab), in the same
 * tick as the state change: a page can leave before anything signed-out renders.
 */
export function useSignedOut(onSignedOut: () => void): void {
  const actor = useAuthActor();
  const latest = useRef(onSignedOut);
  latest.current = onSignedOut;
  useEffect(() => {
    const subscription = actor.on('auth.signedOut', () => latest.current());
    return () => subscription.unsubscribe();
  }, [actor]);
}

export interface AuthActions {
  /**
   * Starts the provider sign-in; after it the browser comes back to `returnPath` (default /). Signed
   * out, or signed in whose provider token is gone ("Please sign in again"): the machine decides.
   */
  signIn(returnPath?: string): void;
  signOut(): void;
  /** "Allow calendar changes": Google's consent to changing the calendar; the page comes back here. */
  allowCalendarChanges(): void;
}

export function useAuthActions(): AuthActions {
  const actor = useAuthActor();
  return useMemo(
    () => ({
      signIn(returnPath) {
        if (returnPath) rememberReturnPath(returnPath);
        else forgetReturnPath();
        actor.send({ type: 'auth.signIn' });
      },
      signOut() {
        actor.send({ type: 'auth.signOut' });
      },
      allowCalendarChanges() {
        actor.send({ type: 'auth.allowCalendarChanges' });
      },
    }),
    [actor],
  );
}
