// "Offline — updated at 9:05 AM": a plain banner while the dashboard shows the copy kept on the device (the time
// the data was fetched; its date too when not today). Gone once a request is answered again.
import { appNow } from '../app/clock.ts';
import { useT } from '../i18n/use-t.ts';
import { useConnectivity } from './use-connectivity.ts';

function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

export function OfflineBanner({ now = appNow }: { now?: () => Date }) {
  const t = useT();
  const { offline, updatedAt } = useConnectivity();
  if (!offline) return null;
  let text = t('offline.nothingKept');
  if (updatedAt) {
    const at = new Date(updatedAt);
    const time = sameDay(at, now())
      ? t.intl.formatTime(at, { hour: 'numeric', minute: '2-digit' })
      : t.intl.formatDate(at, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    text = t('offline.updatedAt', { time });
  }
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {text}
    </p>
  );
}
