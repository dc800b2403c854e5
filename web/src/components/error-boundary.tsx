// Catches render errors of a feature (including @xstate/react rethrowing an actor error, and a lazy
// chunk that fails to download) so the rest of the page keeps working. The default message is in the
// dashboard's language (English outside it).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useSharedText } from '../i18n/shared-text.ts';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What the user sees instead; a default message with a reload button when omitted. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[web] render failed:', error.message, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <RenderFailed />;
  }
}

/** The default message, with a reload button. */
function RenderFailed() {
  const text = useSharedText();
  return (
    <div className="card error-block" role="alert">
      <h2>{text('app.errorTitle')}</h2>
      <p>{text('app.errorText')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {text('app.reload')}
      </button>
    </div>
  );
}
