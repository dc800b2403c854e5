// A spinner with a visible loading text, announced politely to screen readers.
export interface SpinnerProps {
  label: string;
  /** Covers the whole viewport (while the app decides what to show). */
  fullScreen?: boolean;
}

export function Spinner({ label, fullScreen = false }: SpinnerProps) {
  return (
    <output className={fullScreen ? 'spinner-block spinner-block--fullscreen' : 'spinner-block'} aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </output>
  );
}
