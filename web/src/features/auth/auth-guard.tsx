// Guard wrapper (spec §2): "Loading..." while auth loads, then the protected content once a user
// exists, otherwise the supplied fallback or the text "Access denied".
import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { useAuthView } from './auth-context.tsx';

export const GUARD_LOADING_TEXT = 'Loading...';
export const ACCESS_DENIED_TEXT = 'Access denied';

export interface AuthGuardProps {
  children: ReactNode;
  fallback?: ReactNode;
}

export function AuthGuard({ children, fallback }: AuthGuardProps) {
  const view = useAuthView();
  if (view.loading) return <Spinner label={GUARD_LOADING_TEXT} fullScreen />;
  if (view.signedIn) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <main id="main" className="centered-page">
      <p className="access-denied">{ACCESS_DENIED_TEXT}</p>
    </main>
  );
}
