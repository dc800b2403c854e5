// Pages of events.list already rendered, per database, keyed by the calendar's events version (bumped by a
// trigger on every write to calendar.events, local-schema.sql) and the query. Copying ~150 KB of event JSON
// out of PGlite on every request was the largest cost of the dashboard's 30-day list; while the version
// stands, the page's items are the same bytes, so they are served from here. Bounded (entries and bytes),
// least recently used first out; versions that no longer stand are never asked for again and age out.
import type { Db } from '../db/db.ts';

export interface CachedPage {
  /** The items as a JSON array, ready to splice into the answer. */
  items: Buffer;
  /** The latest `updated` among the items (the page's `updated` is the later of this and the calendar's). */
  updated: string | null;
  /** Whether the query has more rows after this page. */
  more: boolean;
}

export const LIST_CACHE_MAX_ENTRIES = 256;
export const LIST_CACHE_MAX_BYTES = 64 * 1024 * 1024;

class ListCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.items.length > LIST_CACHE_MAX_BYTES / 4) return;
    const previous = this.pages.get(key);
    if (previous) {
      this.bytes -= previous.items.length;
      this.pages.delete(key);
    }
    this.pages.set(key, page);
    this.bytes += page.items.length;
    for (const [oldest, entry] of this.pages) {
      if (this.pages.size <= LIST_CACHE_MAX_ENTRIES && this.bytes <= LIST_CACHE_MAX_BYTES) break;
      this.pages.delete(oldest);
      this.bytes -= entry.items.length;
    }
  }
}

const caches = new WeakMap<Db, ListCache>();

/** The page cache of one database (a platform over another database, or a wrapper, gets its own). */
export function listCacheOf(db: Db): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ListCache();
    caches.set(db, cache);
  }
  return cache;
}
