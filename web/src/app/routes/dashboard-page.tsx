// The dashboard (spec §2): signed-in header, then the schedule (3/5) and the assistant (2/5),
// stacked on narrow screens. Loaded lazily: the landing page never downloads it. When the assistant
// changes the calendar, the schedule reloads (a calendar-changes channel between the two panels); when
// it needs write access, the assistant panel asks the auth machine for Google's incremental consent.
import { useState } from 'react';
import type { SchedulePorts } from '../../../../machines/schedule/index.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AssistantPanel } from '../../features/assistant/assistant-panel.tsx';
import { createCalendarChanges } from '../../features/assistant/calendar-changes.ts';
import { useAuthActions, useAuthView } from '../../features/auth/auth-context.tsx';
import { SignedInHeader } from '../../features/auth/signed-in-header.tsx';
import { SchedulePanel } from '../../features/schedule/schedule-panel.tsx';
import { I18nProvider, useLocale } from '../../i18n/i18n-provider.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { useT } from '../../i18n/use-t.ts';
import { OfflineBanner } from '../../offline/offline-banner.tsx';
import { useReloadWhenOnline } from '../../offline/use-connectivity.ts';
import '../../offline/offline.css';
import '../../features/schedule/schedule.css';

export interface DashboardPageProps {
  schedulePorts: SchedulePorts;
  /** Tests pin the language; otherwise the clinician's choice, else the browser's. */
  locale?: Locale;
}

/** The dashboard in the clinician's language (the landing and legal pages stay English). */
export function DashboardPage({ schedulePorts, locale }: DashboardPageProps) {
  return (
    <I18nProvider initialLocale={locale}>
      <Dashboard schedulePorts={schedulePorts} />
    </I18nProvider>
  );
}

function Dashboard({ schedulePorts }: { schedulePorts: SchedulePorts }) {
  const t = useT();
  const { locale } = useLocale();
  useDocumentTitle(t('app.dashboardTitle'));
  const { signIn, allowCalendarChanges } = useAuthActions();
  const { displayName, askingWriteAccess, writeAccessError } = useAuthView();
  const [calendarChanges] = useState(createCalendarChanges);
  // Back online, the schedule reloads by itself (the banner goes once it is answered).
  useReloadWhenOnline(calendarChanges.notify);
  return (
    <div className="dashboard-page" lang={locale}>
      <SkipLink />
      {/* The calendar holds many tab stops: the assistant is one jump away. */}
      <SkipLink target="assistant">{t('app.skipToAssistant')}</SkipLink>
      <SignedInHeader />
      <main id="main" className="dashboard">
        <h1 className="visually-hidden">
          {displayName ? t('app.dashboardHeadingFor', { name: displayName }) : t('app.dashboardHeading')}
        </h1>
        <OfflineBanner />
        <div className="dashboard__schedule">
          <ErrorBoundary>
            <SchedulePanel
              ports={schedulePorts}
              onSignInAgain={() => signIn('/dashboard')}
              refreshRequests={calendarChanges.subscribe}
              onAllowCalendarChanges={allowCalendarChanges}
            />
          </ErrorBoundary>
        </div>
        <div className="dashboard__assistant" id="assistant" tabIndex={-1}>
          <ErrorBoundary>
            <AssistantPanel
              onCalendarChanged={calendarChanges.notify}
              writeAccess={{ onAllow: allowCalendarChanges, asking: askingWriteAccess, error: writeAccessError }}
            />
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}
