// Catches render errors of a feature (including @xstate/react rethrowing an actor error, and a lazy
// chunk that fails to download) so the rest of the page keeps working.
import { Component, type ErrorInfo, type ReactNode } from 'react';

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
    return (
      this.props.fallback ?? (
        <div className="card error-block" role="alert">
          <h2>Something went wrong</h2>
          <p>This part of the page could not be shown.</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      )
    );
  }
}
