import { useEffect } from 'react';

/** Sets the tab title for a page (each route has its own title for screen readers and history). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
