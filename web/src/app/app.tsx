// Routes (wouter) and providers. `/` shows the dashboard when signed in, otherwise the landing page;
// `/dashboard` is guarded; legal pages and the dashboard are split into their own chunks.
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { AuthPorts } from '../../../machines/auth/index.ts';
import type { SchedulePorts } from '../../../machines/schedule/index.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { Spinner } from '../components/spinner.tsx';
import { AuthProvider, useAuthView, useSignedOut } from '../features/auth/auth-context.tsx';
import { AuthGuard } from '../features/auth/auth-guard.tsx';
import { SignInRequired } from '../features/auth/sign-in-required.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';

export const APP_LOADING_TEXT = 'Loading...';

export interface AppServices {
  authPorts: AuthPorts;
  schedulePorts: SchedulePorts;
}

const DashboardPage = lazy(() => import('./routes/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx').then((m) => ({ default: m.TermsPage })));

function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<Spinner label={APP_LOADING_TEXT} fullScreen />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** A new route starts at the top of the page (links from the landing footer would otherwise keep its scroll). */
function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function HomeRoute({ schedulePorts }: { schedulePorts: SchedulePorts }) {
  const view = useAuthView();
  if (view.loading) return <Spinner label={APP_LOADING_TEXT} fullScreen />;
  if (view.signedIn) return <DashboardPage schedulePorts={schedulePorts} />;
  return <LandingPage />;
}

function DashboardRoute({ schedulePorts }: { schedulePorts: SchedulePorts }) {
  const [, navigate] = useLocation();
  // The machine says when a session ends (the menu, or another tab): the move to `/` happens in the same
  // tick, so the sign-in fallback never mounts (its automatic provider sign-in would sign the clinician
  // straight back in).
  useSignedOut(() => navigate('/', { replace: true }));
  return (
    <AuthGuard fallback={<SignInRequired returnPath="/dashboard" />}>
      <DashboardPage schedulePorts={schedulePorts} />
    </AuthGuard>
  );
}

export function App({ services }: { services: AppServices }) {
  return (
    <AuthProvider ports={services.authPorts}>
      <ScrollToTopOnNavigate />
      <Page>
        <Switch>
          <Route path="/">
            <HomeRoute schedulePorts={services.schedulePorts} />
          </Route>
          <Route path="/dashboard">
            <DashboardRoute schedulePorts={services.schedulePorts} />
          </Route>
          <Route path="/privacy">
            <PrivacyPage />
          </Route>
          <Route path="/terms">
            <TermsPage />
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Page>
    </AuthProvider>
  );
}
