import { useSharedText } from '../i18n/shared-text.ts';

/** First focusable element of a page: jumps over the header to the main content (or another target). */
export function SkipLink({ target = 'main', children }: { target?: string; children?: string }) {
  const text = useSharedText();
  return (
    <a className="skip-link" href={`#${target}`}>
      {children ?? text('app.skipToMain')}
    </a>
  );
}
