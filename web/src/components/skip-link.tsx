import { useT } from '../i18n/use-t.ts';

/** First focusable element of a page: jumps over the header to the main content (or another target). */
export function SkipLink({ target = 'main', children }: { target?: string; children?: string }) {
  const t = useT();
  return (
    <a className="skip-link" href={`#${target}`}>
      {children ?? t('app.skipToMain')}
    </a>
  );
}
