// What the Geocoding stand-in knows of the world: the seed's addresses exactly (each clinician's home and each
// patient's address, with the coordinates the seed gave them: `ROOFTOP`), and any other US address that ends in a
// ZIP code approximately, at that ZIP code's centre from the `zipcodes` package (US ZIP centroids; `APPROXIMATE`,
// `partial_match: true`, as Google answers an address it cannot place but whose postal code it knows). Nothing else.
// Results carry the fields Google documents for a result (address_components, formatted_address, geometry with
// location, location_type and viewport, partial_match, place_id, types).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { addressKey } from '../../core/geo/geocoder.ts';
import { generateSeed } from '../../fixtures/seed.ts';

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** One result as the Geocoding API documents it. */
export interface GeocodeResult {
  address_components: AddressComponent[];
  formatted_address: string;
  geometry: {
    location: LatLng;
    location_type: 'ROOFTOP' | 'RANGE_INTERPOLATED' | 'GEOMETRIC_CENTER' | 'APPROXIMATE';
    viewport: { northeast: LatLng; southwest: LatLng };
  };
  partial_match?: true;
  place_id: string;
  types: string[];
}

interface SeedPlace {
  address: string;
  lat: number;
  lng: number;
}

let seedPlaces: Map<string, SeedPlace> | undefined;

/**
 * The seed's addresses by addressKey. The people of the seed (clinicians, their homes, their patients) do not depend
 * on the seed day, and the platform always seeds DEFAULT_SEED (fixtures/seed-db.ts), so any day gives the same ones
 * (as emulators/local-dispatch.ts reads the clinicians).
 */
function seedIndex(): Map<string, SeedPlace> {
  if (!seedPlaces) {
    const seed = generateSeed({ today: '2026-01-01' });
    const places = new Map<string, SeedPlace>();
    for (const place of [...seed.clinicians.map((c) => c.home), ...seed.patients]) {
      const key = addressKey(place.address);
      if (!places.has(key)) places.set(key, { address: place.address, lat: place.lat, lng: place.lng });
    }
    seedPlaces = places;
  }
  return seedPlaces;
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipcodesModule {
  lookup(zip: string): ZipRecord | undefined;
  states: { abbr: Record<string, string> };
}

let zipcodes: ZipcodesModule | undefined;

/** The `zipcodes` package (≈ 5 MB of data: loaded on the first address that needs it, not at the platform's start). */
function zipData(): ZipcodesModule {
  zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
  return zipcodes;
}

/** A US ZIP code (ZIP+4 allowed) at the very end of the address, optionally followed by the country. */
const TRAILING_ZIP =
  /(?:^|[\s,])(\d{5})(?:-\d{4})?[\s,.]*(?:(?:USA|US|U\.S\.A?\.?|United States(?: of America)?)[\s.]*)?$/i;

/** The ZIP code an address ends with, or null ("12345 Main St" has none: a house number is not a ZIP code). */
export function trailingZip(address: string): string | null {
  return TRAILING_ZIP.exec(address.trim())?.[1] ?? null;
}

/** Google-like place ids: opaque, stable per address. */
function placeId(key: string): string {
  return `ChIJ${createHash('sha256').update(key).digest('base64url').slice(0, 23)}`;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function stateComponent(state: string): AddressComponent {
  const name = zipData().states.abbr[state.toUpperCase()];
  return {
    long_name: name ? titleCase(name) : state,
    short_name: state,
    types: ['administrative_area_level_1', 'political'],
  };
}

const COUNTRY: AddressComponent = { long_name: 'United States', short_name: 'US', types: ['country', 'political'] };

function viewport(lat: number, lng: number, delta: number): GeocodeResult['geometry']['viewport'] {
  const round = (value: number) => Math.round(value * 1e7) / 1e7;
  return {
    northeast: { lat: round(lat + delta), lng: round(lng + delta) },
    southwest: { lat: round(lat - delta), lng: round(lng - delta) },
  };
}

/** The seed's address format: `1234 N Clark St[ Apt 5], Chicago, IL 60614`. */
const SEED_ADDRESS = /^(\d+)\s+(.+?)(?:\s+Apt\s+(\S+))?,\s*([^,]+),\s*([A-Z]{2})\s+(\d{5})$/;

function exactResult(key: string, place: SeedPlace): GeocodeResult {
  const parts = SEED_ADDRESS.exec(place.address);
  const components: AddressComponent[] = [];
  if (parts) {
    const [, number, route, unit, city, state, zip] = parts as unknown as string[];
    if (unit) components.push({ long_name: unit, short_name: unit, types: ['subpremise'] });
    components.push(
      { long_name: number as string, short_name: number as string, types: ['street_number'] },
      { long_name: route as string, short_name: route as string, types: ['route'] },
      { long_name: city as string, short_name: city as string, types: ['locality', 'political'] },
      stateComponent(state as string),
      COUNTRY,
      { long_name: zip as string, short_name: zip as string, types: ['postal_code'] },
    );
  } else {
    components.push(COUNTRY);
  }
  return {
    address_components: components,
    formatted_address: `${place.address}, USA`,
    geometry: {
      location: { lat: place.lat, lng: place.lng },
      location_type: 'ROOFTOP',
      viewport: viewport(place.lat, place.lng, 0.00135),
    },
    place_id: placeId(key),
    types: parts?.[3] ? ['subpremise'] : ['street_address'],
  };
}

function zipResult(zip: ZipRecord): GeocodeResult {
  return {
    address_components: [
      { long_name: zip.zip, short_name: zip.zip, types: ['postal_code'] },
      { long_name: zip.city, short_name: zip.city, types: ['locality', 'political'] },
      stateComponent(zip.state),
      COUNTRY,
    ],
    formatted_address: `${zip.city}, ${zip.state} ${zip.zip}, USA`,
    geometry: {
      location: { lat: zip.latitude, lng: zip.longitude },
      location_type: 'APPROXIMATE',
      viewport: viewport(zip.latitude, zip.longitude, 0.02),
    },
    partial_match: true,
    place_id: placeId(`zip ${zip.zip}`),
    types: ['postal_code'],
  };
}

/** Where an address is, as the stand-in answers it: the results (none: ZERO_RESULTS). */
export function geocodeAddress(address: string): GeocodeResult[] {
  const key = addressKey(address);
  const place = seedIndex().get(key);
  if (place) return [exactResult(key, place)];
  const zip = trailingZip(address);
  if (!zip) return [];
  const record = zipData().lookup(zip);
  return record && record.country === 'US' ? [zipResult(record)] : [];
}

/** The seed's addresses the stand-in answers exactly (tests and docs). */
export function seededAddresses(): string[] {
  return [...seedIndex().values()].map((p) => p.address);
}
