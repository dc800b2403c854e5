// Entry point: configuration, the adapters (ports) and the app. supabase-js, the dashboard, the
// calendar and the legal pages are loaded on demand. Google access comes from the session while it
// has a provider token, then from the token broker, which got the refresh token right after sign-in.
// First: the page's clock (the local platform's, when it runs at another instant) before anything reads the time.
import './app/page-clock.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createCalendarPorts } from './adapters/calendar.ts';
import { createDriveTimesClient, providePageDriveTimes } from './adapters/drive-times.ts';
import {
  createGoogleTokenBroker,
  forgetStoredRefreshToken,
  googleAccessHandOver,
  supabaseBrokerSession,
} from './adapters/google-token.ts';
import { createLocationsClient, providePageLocations } from './adapters/locations.ts';
import { createMileageClient, providePageMileage } from './adapters/mileage.ts';
import { createPatientLinker, createPatientStore, providePagePatients } from './adapters/patients.ts';
import { createProfileHomeStore, providePageProfileHome } from './adapters/profile-home.ts';
import { createMoveRuleStore, providePageMoveRule } from './adapters/profile-rule.ts';
import { createCallMovedClient, createReorderClient, providePageReorder } from './adapters/reorder-day.ts';
import { createSupabaseAuthPorts } from './adapters/supabase-auth.ts';
import { createSupabaseLoader, storageKeyFor } from './adapters/supabase-client.ts';
import { readAccessToken } from './adapters/voice/access-token.ts';
import { App } from './app/app.tsx';
import { appNow } from './app/clock.ts';
import { browserConfig, CALENDAR_READONLY_SCOPE } from './app/config.ts';
import { takeRedirectUrl } from './features/auth/return-path.ts';
import { onlineOnlyLinker, withOfflinePatients } from './offline/offline-patients.ts';
import { withOfflineSchedule } from './offline/offline-schedule.ts';
import { offlineSessionUser, sessionUserId } from './offline/offline-user.ts';
import { connectivityReport } from './offline/page-connectivity.ts';
import { offlineDataHooks, pageOfflineStore } from './offline/page-offline-store.ts';
import './app/styles.css';

const config = browserConfig();
const supabase = createSupabaseLoader(config);
const brokerSession = supabaseBrokerSession(supabase);
const googleToken = createGoogleTokenBroker({
  supabaseUrl: config.supabaseUrl,
  anonKey: config.supabaseAnonKey,
  getSession: brokerSession,
  onHandedOver: (refreshToken) => forgetStoredRefreshToken(storageKeyFor(config.supabaseUrl), refreshToken),
});
providePageProfileHome(createProfileHomeStore(supabase));
const locate = createLocationsClient({
  supabaseUrl: config.supabaseUrl,
  anonKey: config.supabaseAnonKey,
  getAccessToken: () => readAccessToken(config.supabaseUrl),
});
const patientOptions = { supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey, locate };
// The schedule and the patient list kept on the device, encrypted, for reading without signal (docs/offline.md).
const offline = {
  store: pageOfflineStore(),
  userId: sessionUserId(supabase, storageKeyFor(config.supabaseUrl)),
  now: appNow,
  report: connectivityReport(),
};
providePagePatients(
  withOfflinePatients(createPatientStore(supabase, patientOptions), offline),
  onlineOnlyLinker(createPatientLinker(supabase, patientOptions)),
);
providePageMoveRule(createMoveRuleStore(supabase));
providePageLocations(locate);
providePageDriveTimes(
  createDriveTimesClient({
    supabaseUrl: config.supabaseUrl,
    anonKey: config.supabaseAnonKey,
    getAccessToken: () => readAccessToken(config.supabaseUrl),
  }),
);
const functionClient = {
  supabaseUrl: config.supabaseUrl,
  anonKey: config.supabaseAnonKey,
  getAccessToken: () => readAccessToken(config.supabaseUrl),
};
providePageReorder(createReorderClient(functionClient), createCallMovedClient(functionClient));
providePageMileage(createMileageClient(functionClient));
const services = {
  authPorts: createSupabaseAuthPorts(supabase, {
    redirectTo: () => takeRedirectUrl(),
    scopes: CALENDAR_READONLY_SCOPE,
    handOverGoogleAccess: googleAccessHandOver(brokerSession, googleToken),
    offlineData: { ...offlineDataHooks(), sessionUser: () => offlineSessionUser(storageKeyFor(config.supabaseUrl)) },
  }),
  schedulePorts: withOfflineSchedule(createCalendarPorts(supabase, config.calendarApiUrl, googleToken), offline),
};
// The service worker (app shell for offline use, installability): production builds only, after the page loads.
if (import.meta.env.PROD) void import('./offline/register-service-worker.ts').then((m) => m.registerServiceWorker());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
