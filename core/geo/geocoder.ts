// Where an address is: the port every face locates visit addresses through (Google's Geocoding API in production,
// cached in Postgres; the local platform's stand-in; nothing offline), and the pure step that locates a day's
// events with it. An approximate answer (a ZIP code's centre, a partial match) is kept and marked, never passed off
// as exact: every drive computed from it says so.

/** A located address. */
export interface Located {
  lat: number;
  lon: number;
  /** Not a street-level match (Google's APPROXIMATE or GEOMETRIC_CENTER, a partial match, a ZIP code's centre). */
  approximate: boolean;
  /** The address as the geocoder understood it, to show the clinician for a check ("…, Chicago, IL 60608, USA"). */
  formatted: string | null;
}

/** Why an address was not located. */
export type NotLocated = 'not-found' | 'unavailable';

export interface Geocoder {
  /** Locates one address (the server batches, caches and backs off behind this). */
  locate(address: string, signal?: AbortSignal): Promise<Located | NotLocated>;
}

/** What `locateAll` answers: one entry per distinct address, keyed by its `addressKey`. */
export type Locations = ReadonlyMap<string, Located | NotLocated>;

/** Normalises an address for caching and de-duplication: case, spacing and trailing punctuation aside. */
export function addressKey(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim();
}

/** Locates each distinct address once, a few at a time (the geocoder's own limits stay behind the port). */
export async function locateAll(
  geocoder: Geocoder,
  addresses: readonly string[],
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<Locations> {
  const distinct = [...new Map(addresses.filter((a) => a.trim()).map((a) => [addressKey(a), a])).values()];
  const found = new Map<string, Located | NotLocated>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const address = distinct[next++] as string;
      try {
        found.set(addressKey(address), await geocoder.locate(address, options.signal));
      } catch {
        found.set(addressKey(address), 'unavailable');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, distinct.length) }, worker));
  return found;
}
