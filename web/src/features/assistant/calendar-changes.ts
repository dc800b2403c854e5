// A small event channel from the assistant to the dashboard: "the assistant changed the calendar". The
// assistant panel notifies it when a turn's tool results say so (core/assistant/contract.ts
// `calendarSignals(...).changed`); whoever shows the calendar subscribes and reloads. One per dashboard,
// created by the page that composes both panels; no global state.

export type CalendarChangeListener = () => void;

export interface CalendarChanges {
  /** The assistant changed the calendar. */
  notify(): void;
  /** Listens for changes; returns the unsubscribe. */
  subscribe(listener: CalendarChangeListener): () => void;
}

export function createCalendarChanges(): CalendarChanges {
  const listeners = new Set<CalendarChangeListener>();
  return {
    notify() {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          console.error('[assistant] calendar change listener failed:', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
