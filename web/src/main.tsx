// Entry point: configuration, the adapters (ports) and the app. supabase-js, the dashboard, the
// calendar and the legal pages are loaded on demand.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createCalendarPorts } from './adapters/calendar.ts';
import { createSupabaseAuthPorts } from './adapters/supabase-auth.ts';
import { createSupabaseLoader } from './adapters/supabase-client.ts';
import { App } from './app/app.tsx';
import { browserConfig, CALENDAR_READONLY_SCOPE } from './app/config.ts';
import { takeRedirectUrl } from './features/auth/return-path.ts';
import './app/styles.css';

const config = browserConfig();
const supabase = createSupabaseLoader(config);
const services = {
  authPorts: createSupabaseAuthPorts(supabase, {
    redirectTo: () => takeRedirectUrl(),
    scopes: CALENDAR_READONLY_SCOPE,
  }),
  schedulePorts: createCalendarPorts(supabase, config.calendarApiUrl),
};

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
