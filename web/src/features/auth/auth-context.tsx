// The one auth actor of the app, provided through React context. Components read it with
// useAuthView() (a selector over the snapshot) and act through useAuthActions().
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
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

interface AuthContextValue {
  actor: AuthActorRef;
  ports: AuthPorts;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ ports, children }: { ports: AuthPorts; children: ReactNode }) {
  const actor = useActorRef(authMachine.provide({ actors: createAuthActors(ports) }));
  const state = useSelector(actor, (snapshot) => toAuthView(snapshot).state);
  const value = useMemo(() => ({ actor, ports }), [actor, ports]);
  return (
    <AuthContext.Provider value={value}>
      <div className="app-root" data-machine="auth" data-state={state}>
        {children}
      </div>
    </AuthContext.Provider>
  );
}

function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth* must be used inside <AuthProvider>');
  return value;
}

export function useAuthView(): AuthView {
  return useSelector(useAuthContext().actor, toAuthView, shallowEqual);
}

export interface AuthActions {
  /** Starts the provider sign-in; after it the browser comes back to `returnPath` (default /). */
  signIn(returnPath?: string): void;
  signOut(): void;
  /**
   * Signs in again while a session exists (the provider token is gone): the machine only takes
   * `auth.signIn` when signed out, so this calls the port directly; failures go to the console.
   */
  signInAgain(returnPath: string): void;
}

export function useAuthActions(): AuthActions {
  const { actor, ports } = useAuthContext();
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
      signInAgain(returnPath) {
        rememberReturnPath(returnPath);
        ports.signIn().catch((error: unknown) => {
          console.error('[auth] sign-in failed:', error instanceof Error ? error.message : error);
        });
      },
    }),
    [actor, ports],
  );
}
