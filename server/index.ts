// The server's one composition root: every Edge Function handler, built from one ServerConfig over the
// same stores, Google grant broker and confirmation runner. Production calls it from each Deno entry
// (supabase/functions/<fn>/index.ts, through _shared/deno-env.ts startFunction); the local platform calls it
// once it listens (emulators/local-server.ts). The two differ only in the config: the same code, other ports.
// Parts are built on first use, so a function deployed alone never needs another function's secrets.
import { googleCalendarPort } from '../core/calendar/google-calendar.ts';
import type { Geocoder } from '../core/geo/geocoder.ts';
import type { TravelTimeProvider } from '../core/routing/travel/provider.ts';
import { type CallTokenRevocationStore, createSqlCallTokenRevocations } from './call-token-revocations.ts';
import { FALLBACK_TIME_ZONE, type ServerConfig, type ServerFunction } from './config.ts';
import { type BatchRunner, createBatchRunner } from './confirmations/runner.ts';
import { type ConfirmationStore, createConfirmationStore } from './confirmations/store.ts';
import { createVoicePort } from './confirmations/voice-port.ts';
import { createAssistantToolsHandler } from './functions/assistant-tools.ts';
import { createCallTokenHandler } from './functions/call-token.ts';
import { createConfirmationsHandler } from './functions/confirmations.ts';
import { createDriveTimesHandler } from './functions/drive-times.ts';
import { createGoogleTokenHandler } from './functions/google-token.ts';
import { createLinkPatientHandler } from './functions/link-patient.ts';
import { createLocationsHandler } from './functions/locations.ts';
import { createMileageHandler } from './functions/mileage.ts';
import { createReorderDayHandler } from './functions/reorder-day.ts';
import { createGeocodeCache } from './geo/geocode-cache.ts';
import { createGoogleGeocoder } from './geo/google-geocoder.ts';
import { createGoogleRouteMatrix } from './geo/google-route-matrix.ts';
import { createRouteMatrixCache } from './geo/route-matrix-cache.ts';
import { createGrantGoogleAccess, type GoogleGrantBroker } from './google/grant-access.ts';
import { createSqlGrantStore } from './google/grant-store.ts';
import { importTokenKey } from './google/token-crypto.ts';
import type { WebHandler } from './http.ts';
import { patientList, patientRecords } from './patients/records.ts';
import { profileHome, profileMoveRule, visitPins } from './profile/home.ts';
import { createMemoryRateLimiter, rateLimited } from './rate-limit.ts';
import { callerOf, RATE_LIMITS } from './rate-limit-callers.ts';

export type { ServerConfig, ServerFunction } from './config.ts';

export interface Server {
  /** The Web-standard handler of one Edge Function (`Request → Response`). */
  handler(fn: ServerFunction): WebHandler;
  /** The clinicians' Google grants (one access-token cache for every function of this server). */
  googleAccess(): GoogleGrantBroker;
  confirmations(): { store: ConfirmationStore; runner: BatchRunner };
  /**
   * Where addresses are: Google's Geocoding API behind the 30-day Postgres cache (public.geocode_cache), or null
   * when the deployment has no GOOGLE_MAPS_API_KEY. Server-side only: addresses are patient data.
   */
  geocoder(): Geocoder | null;
  /**
   * Road drive times: Google's Routes API (computeRouteMatrix) behind the Postgres cache (public.route_matrix_cache),
   * or null when the deployment has no GOOGLE_ROUTES_API_KEY (the straight-line estimate is used). Server-side only:
   * patients' places are health data. Callers bound it (geo/travel-deadline.ts travelWithin).
   */
  travelTimes(): TravelTimeProvider | null;
  /** Sign-out's end of a clinician's call tokens (public.call_token_revocations). */
  callTokenRevocations(): CallTokenRevocationStore;
}

/** Builds `make()` on the first call and returns that one thereafter. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

export function createServer(config: ServerConfig): Server {
  const fetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const auth = { supabaseUrl: config.supabaseUrl, anonKey: config.anonKey, fetch };

  const googleAccess = once(() => {
    const key = importTokenKey(config.google.encryptionKey);
    // Reported once here instead of ending the process; requests that need Google then fail.
    key.catch(() => config.log('HOMEROUNDS_TOKEN_ENCRYPTION_KEY must be base64 of 32 bytes'));
    return createGrantGoogleAccess({
      store: createSqlGrantStore(config.query),
      key,
      google: {
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        tokenUrl: config.google.tokenUrl,
        revokeUrl: config.google.revokeUrl,
        fetch,
      },
      now: () => config.now().getTime(),
    });
  });

  /** A clinician's calendar through the broker's grant (each request asks the access it needs). */
  const calendarFor = (userId: string) =>
    googleCalendarPort({
      baseUrl: config.google.calendarApiUrl,
      token: async (need) => (await googleAccess().accessToken(userId, need)).accessToken,
      fetch,
      now: config.now,
    });

  const confirmations = once(() => {
    const store = createConfirmationStore(config.query);
    const runner = createBatchRunner({
      store,
      calendarFor,
      patients: (userId) => patientRecords(config.query, userId),
      voice: createVoicePort({ baseUrl: config.voice.apiUrl, apiKey: config.voice.apiKey, fetch }),
      assistantId: config.voice.confirmationAssistantId,
      phoneNumberId: config.voice.confirmationPhoneNumberId,
      callTokenSecret: config.secrets.callToken,
      defaultCallbackNumber: config.callbackNumber,
      defaultTimeZone: config.defaultTimeZone ?? FALLBACK_TIME_ZONE,
      now: config.now,
      log: config.log,
    });
    return { store, runner };
  });

  const travelTimes = once((): TravelTimeProvider | null => {
    if (!config.routes?.apiKey) return null;
    return createGoogleRouteMatrix({
      apiKey: config.routes.apiKey,
      baseUrl: config.routes.baseUrl,
      fetch,
      cache: createRouteMatrixCache(config.query),
      now: config.now,
      log: config.log,
    });
  });

  const geocoder = once((): Geocoder | null => {
    if (!config.geocoding?.apiKey) return null;
    return createGoogleGeocoder({
      apiKey: config.geocoding.apiKey,
      baseUrl: config.geocoding.baseUrl,
      fetch,
      cache: createGeocodeCache(config.query),
      now: config.now,
      log: config.log,
    });
  });

  const callTokenRevocations = once(() => createSqlCallTokenRevocations(config.query, config.now));

  const handlers: Record<ServerFunction, () => WebHandler> = {
    'call-token': once(() =>
      createCallTokenHandler({
        ...auth,
        callTokenSecret: config.secrets.callToken,
        revocations: callTokenRevocations(),
        now: config.now,
      }),
    ),
    'google-token': once(() => createGoogleTokenHandler({ ...auth, broker: googleAccess(), log: config.log })),
    'assistant-tools': once(() =>
      createAssistantToolsHandler({
        toolsSecret: config.secrets.tools,
        callTokenSecret: config.secrets.callToken,
        // Sign-out ends a clinician's call tokens: the tools refuse those issued before it.
        revocations: callTokenRevocations(),
        calendarApiUrl: config.google.calendarApiUrl,
        googleAccess: googleAccess(),
        defaultTimeZone: config.defaultTimeZone,
        fetch,
        // Confirmation calls (a patient on the phone) record what they asked for here.
        confirmationStore: confirmations().store,
        home: (userId) => profileHome(config.query, userId),
        moveRule: (userId) => profileMoveRule(config.query, userId),
        pins: (userId) => visitPins(config.query, userId),
        // Visits written by people carry an address: located here (the key never leaves the server).
        geocoder: geocoder(),
        // The clinician's patient list: read into every day, changed by update_patient (owner-bound SQL).
        patients: (userId) => patientList(config.query, userId),
        // Road drive times for optimize_route and drive_time (bounded per matrix; else the straight-line estimate).
        travel: travelTimes(),
        now: config.now,
        log: config.log,
      }),
    ),
    confirmations: once(() =>
      createConfirmationsHandler({
        ...auth,
        adminSecret: config.secrets.admin,
        toolsSecret: config.secrets.tools,
        reportSigningSecret: config.secrets.reportSigning,
        callTokenSecret: config.secrets.callToken,
        ...confirmations(),
        now: config.now,
        log: config.log,
      }),
    ),
    // The web app's visit addresses, located here (the Google key never leaves the server).
    locations: once(() => createLocationsHandler({ ...auth, geocoder: geocoder(), log: config.log })),
    // "Use this order" and its Undo: the day's visits moved all or none, each checked unchanged (etag).
    'reorder-day': once(() =>
      createReorderDayHandler({
        ...auth,
        calendarFor,
        defaultTimeZone: config.defaultTimeZone ?? FALLBACK_TIME_ZONE,
        log: config.log,
      }),
    ),
    // The Route view's and the CLI's drive times: the same road matrix as the tools (bounded; else the estimate).
    'drive-times': once(() => createDriveTimesHandler({ ...auth, travel: travelTimes(), log: config.log })),
    // A patient added from the calendar's suggestions: their events get the link (homeroundsPatientId).
    'link-patient': once(() =>
      createLinkPatientHandler({ ...auth, query: config.query, calendarFor, log: config.log }),
    ),
    // The mileage log: each day's legs as the Route view plans them, with the same road matrix (bounded per day).
    mileage: once(() =>
      createMileageHandler({
        ...auth,
        query: config.query,
        calendarFor,
        patients: (userId) => patientRecords(config.query, userId),
        home: (userId) => profileHome(config.query, userId),
        geocoder: geocoder(),
        travel: travelTimes(),
        defaultTimeZone: config.defaultTimeZone ?? FALLBACK_TIME_ZONE,
        now: config.now,
        log: config.log,
      }),
    ),
  };

  // Every function behind its rate limits, per caller (server/rate-limit-callers.ts says who that is).
  const limiter = config.rateLimiter ?? createMemoryRateLimiter(config.now);
  const callers = { anonKey: config.anonKey, secrets: config.secrets, now: config.now };
  const limited = Object.fromEntries(
    Object.entries(handlers).map(([fn, make]) => [
      fn,
      once(() =>
        rateLimited(make(), {
          scope: fn,
          limiter,
          rules: RATE_LIMITS[fn as ServerFunction],
          callerOf: callerOf(fn as ServerFunction, callers),
        }),
      ),
    ]),
  ) as Record<ServerFunction, () => WebHandler>;

  return {
    handler: (fn) => limited[fn](),
    googleAccess,
    confirmations,
    geocoder,
    travelTimes,
    callTokenRevocations,
  };
}
