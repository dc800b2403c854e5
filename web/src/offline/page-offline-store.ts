// The page's offline store (offline-store.ts) and the hooks sign-out uses: main.tsx wires them into the schedule's
// and the patient list's ports and into the auth ports (supabase-auth.ts), which clear the kept copy when the session
// ends (the menu, another tab) and when another clinician signs in.
import { createOfflineStore, type OfflineStore } from './offline-store.ts';

let pageStore: OfflineStore | null = null;

export function pageOfflineStore(): OfflineStore {
  pageStore ??= createOfflineStore();
  return pageStore;
}

/** What the auth ports need of it; failures are swallowed (a browser without IndexedDB has nothing kept). */
export interface OfflineDataHooks {
  clear(): Promise<void>;
  forgetOthers(userId: string): Promise<void>;
}

export function offlineDataHooks(store: () => OfflineStore = pageOfflineStore): OfflineDataHooks {
  return {
    clear: () =>
      store()
        .clear()
        .catch(() => undefined),
    forgetOthers: (userId) =>
      store()
        .forgetOthers(userId)
        .catch(() => undefined),
  };
}
