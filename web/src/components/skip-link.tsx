/** First focusable element of a page: jumps over the header to the main content (or another target). */
export function SkipLink({
  target = 'main',
  children = 'Skip to main content',
}: {
  target?: string;
  children?: string;
}) {
  return (
    <a className="skip-link" href={`#${target}`}>
      {children}
    </a>
  );
}
