// Auth: restores the session, loads the user's profile, follows auth change events, signs in and out,
// signs in again while signed in (the provider token is gone) and emits `auth.signedOut` when a session ends.
// Signed in, it hands an offline sign-in's Google refresh token to the server's broker first (a no-op when the
// session holds none), and asks Google for calendar-change consent when the clinician allows it.
// Used by the web app's auth provider (supabase-js ports) and by the CLI's `machines` command.
// Timing: loading starts true and is forced false 10 s after start if no result has arrived (the
// pending request is aborted); a profile reload or sign-out also gives up after 10 s.
import { assertEvent, assign, emit, setup } from 'xstate';
import { errorMessage, notProvidedCallback, notProvidedPromise } from '../shared/not-provided.ts';
import type { AuthContext, AuthEmitted, AuthEvent, AuthUser, Profile } from './auth.types.ts';

/** Spec §9: auth loading timeout. */
export const AUTH_TIMEOUT_MS = 10_000;
/** A profile reload or a sign-out that hangs is abandoned after this long. */
export const AUTH_REQUEST_TIMEOUT_MS = 10_000;
/** If the browser has not left for the provider by then, sign-in is considered failed. */
export const SIGN_IN_REDIRECT_TIMEOUT_MS = 15_000;

/** What the assistant panel says when the consent to calendar changes could not start. */
export const WRITE_ACCESS_FAILED_PREFIX = 'Could not ask for calendar changes: ';
const CONSENT_PAGE_NOT_OPENED = 'the consent page did not open';

/** What a signed-in clinician can ask for when nothing else is under way. */
const SIGNED_IN_COMMANDS = {
  'auth.signOut': '#auth.signingOut',
  'auth.signIn': '#auth.signedIn.signingInAgain',
  'auth.allowCalendarChanges': '#auth.signedIn.askingWriteAccess',
} as const;

export const authMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    restoreSession: notProvidedPromise<AuthUser | null>('restoreSession'),
    loadProfile: notProvidedPromise<Profile | null, { userId: string }>('loadProfile'),
    watchAuthChanges: notProvidedCallback<AuthEvent>('watchAuthChanges'),
    startSignIn: notProvidedPromise<void>('startSignIn'),
    signOut: notProvidedPromise<void>('signOut'),
    handOverGoogleAccess: notProvidedPromise<void>('handOverGoogleAccess'),
    askWriteAccess: notProvidedPromise<void>('askWriteAccess'),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    isSessionFound: (_, output: AuthUser | null) => output !== null,
    hasEventUser: ({ event }) => {
      assertEvent(event, 'auth.changed');
      return event.user !== null;
    },
  },
  actions: {
    assignSessionUser: assign({ user: (_, user: AuthUser | null) => user }),
    assignEventUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'auth.changed');
        return event.user;
      },
    }),
    assignProfile: assign({ profile: (_, profile: Profile | null) => profile }),
    clearProfile: assign({ profile: null }),
    clearUserAndProfile: assign({ user: null, profile: null }),
    /** A session ended here or in another tab: the face leaves the signed-in pages. */
    emitSignedOut: emit({ type: 'auth.signedOut' }),
    recordError: assign({
      lastError: (_, params: { where: string; error: unknown }) => `${params.where}: ${errorMessage(params.error)}`,
    }),
    /** The consent failure the assistant panel shows under "Allow calendar changes". */
    recordWriteAccessError: assign({
      writeAccessError: (_, params: { error: unknown }) => `${WRITE_ACCESS_FAILED_PREFIX}${errorMessage(params.error)}`,
    }),
    /** Spec §8: session, profile, sign-in and sign-out failures are logged, never shown. */
    logError: (_, params: { where: string; error: unknown }) => {
      console.error(`[auth] ${params.where} failed:`, errorMessage(params.error));
    },
  },
  delays: {
    authTimeout: AUTH_TIMEOUT_MS,
    requestTimeout: AUTH_REQUEST_TIMEOUT_MS,
    signInRedirectTimeout: SIGN_IN_REDIRECT_TIMEOUT_MS,
  },
}).createMachine({
  id: 'auth',
  context: { user: null, profile: null, lastError: null, writeAccessError: null },
  invoke: {
    id: 'watchAuthChanges',
    src: 'watchAuthChanges',
    // A subscription that throws stops following other tabs; the session itself goes on.
    onError: {
      actions: [
        { type: 'logError', params: ({ event }) => ({ where: 'auth changes', error: event.error }) },
        { type: 'recordError', params: ({ event }) => ({ where: 'auth changes', error: event.error }) },
      ],
    },
  },
  on: {
    'auth.changed': [
      { guard: 'hasEventUser', target: '.signedIn.loadingProfile', actions: 'assignEventUser' },
      { guard: 'hasUser', target: '.signedOut', actions: ['clearUserAndProfile', 'emitSignedOut'] },
      { target: '.signedOut', actions: 'clearUserAndProfile' },
    ],
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      initial: 'session',
      after: {
        authTimeout: [
          {
            guard: 'hasUser',
            target: 'signedIn',
            actions: [
              { type: 'logError', params: { where: 'auth loading', error: 'timed out after 10 s' } },
              { type: 'recordError', params: { where: 'auth loading', error: 'timed out after 10 s' } },
            ],
          },
          {
            target: 'signedOut',
            actions: [
              { type: 'logError', params: { where: 'auth loading', error: 'timed out after 10 s' } },
              { type: 'recordError', params: { where: 'auth loading', error: 'timed out after 10 s' } },
            ],
          },
        ],
      },
      on: {
        // Auth events during the initial load keep the loading screen until the profile is in.
        'auth.changed': [
          { guard: 'hasEventUser', target: '.profile', actions: 'assignEventUser' },
          { target: 'signedOut', actions: 'clearUserAndProfile' },
        ],
      },
      states: {
        session: {
          invoke: {
            id: 'restoreSession',
            src: 'restoreSession',
            onDone: [
              {
                guard: { type: 'isSessionFound', params: ({ event }) => event.output },
                target: 'profile',
                actions: { type: 'assignSessionUser', params: ({ event }) => event.output },
              },
              // No session: nothing was set yet (an auth event would have left this state), so nothing to clear.
              { target: '#auth.signedOut' },
            ],
            onError: {
              target: '#auth.signedOut',
              actions: [
                { type: 'logError', params: ({ event }) => ({ where: 'session', error: event.error }) },
                { type: 'recordError', params: ({ event }) => ({ where: 'session', error: event.error }) },
              ],
            },
          },
        },
        profile: {
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            // Stryker disable next-line OptionalChaining,StringLiteral: entered only with a user (session or event).
            input: ({ context }) => ({ userId: context.user?.id ?? '' }),
            onDone: {
              target: '#auth.signedIn',
              actions: { type: 'assignProfile', params: ({ event }) => event.output },
            },
            onError: {
              // The profile is still empty: the first load has not answered.
              target: '#auth.signedIn',
              actions: [
                { type: 'logError', params: ({ event }) => ({ where: 'profile', error: event.error }) },
                { type: 'recordError', params: ({ event }) => ({ where: 'profile', error: event.error }) },
              ],
            },
          },
        },
      },
    },
    signedOut: {
      on: {
        'auth.signIn': 'signingIn',
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        onDone: 'redirecting',
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'logError', params: ({ event }) => ({ where: 'sign-in', error: event.error }) },
            { type: 'recordError', params: ({ event }) => ({ where: 'sign-in', error: event.error }) },
          ],
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      after: {
        signInRedirectTimeout: {
          target: 'signedOut',
          actions: [
            { type: 'logError', params: { where: 'sign-in', error: 'the provider page did not open' } },
            { type: 'recordError', params: { where: 'sign-in', error: 'the provider page did not open' } },
          ],
        },
      },
    },
    signedIn: {
      initial: 'handingOver',
      states: {
        // An offline sign-in's refresh token goes to the broker (server-side, encrypted) and leaves the browser.
        // Not busy: the dashboard does not wait for it (the broker hands over before its first token anyway).
        handingOver: {
          invoke: {
            id: 'handOverGoogleAccess',
            src: 'handOverGoogleAccess',
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: [
                { type: 'logError', params: ({ event }) => ({ where: 'Google hand-over', error: event.error }) },
                { type: 'recordError', params: ({ event }) => ({ where: 'Google hand-over', error: event.error }) },
              ],
            },
          },
          after: {
            requestTimeout: {
              target: 'idle',
              actions: [
                { type: 'logError', params: { where: 'Google hand-over', error: 'timed out after 10 s' } },
                { type: 'recordError', params: { where: 'Google hand-over', error: 'timed out after 10 s' } },
              ],
            },
          },
          on: SIGNED_IN_COMMANDS,
        },
        idle: {
          on: SIGNED_IN_COMMANDS,
        },
        loadingProfile: {
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            // Stryker disable next-line OptionalChaining,StringLiteral: entered only with a user (session or event).
            input: ({ context }) => ({ userId: context.user?.id ?? '' }),
            onDone: {
              target: 'handingOver',
              actions: { type: 'assignProfile', params: ({ event }) => event.output },
            },
            onError: {
              target: 'handingOver',
              actions: [
                'clearProfile',
                { type: 'logError', params: ({ event }) => ({ where: 'profile', error: event.error }) },
                { type: 'recordError', params: ({ event }) => ({ where: 'profile', error: event.error }) },
              ],
            },
          },
          after: {
            requestTimeout: {
              target: 'handingOver',
              actions: [
                'clearProfile',
                { type: 'logError', params: { where: 'profile', error: 'timed out after 10 s' } },
                { type: 'recordError', params: { where: 'profile', error: 'timed out after 10 s' } },
              ],
            },
          },
          on: SIGNED_IN_COMMANDS,
        },
        // Spec §8 "Please sign in again": the provider sign-in while the session stays (its provider
        // token is gone). The signed-in pages stay until the browser leaves; a failure is only logged.
        signingInAgain: {
          tags: ['busy'],
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            onDone: 'redirectingAgain',
            onError: {
              target: 'idle',
              actions: [
                { type: 'logError', params: ({ event }) => ({ where: 'sign-in', error: event.error }) },
                { type: 'recordError', params: ({ event }) => ({ where: 'sign-in', error: event.error }) },
              ],
            },
          },
        },
        redirectingAgain: {
          tags: ['busy'],
          after: {
            signInRedirectTimeout: {
              target: 'idle',
              actions: [
                { type: 'logError', params: { where: 'sign-in', error: 'the provider page did not open' } },
                { type: 'recordError', params: { where: 'sign-in', error: 'the provider page did not open' } },
              ],
            },
          },
        },
        // "Allow calendar changes": Google's incremental consent to `calendar.events`; the page leaves for it.
        // A failure is shown in the assistant panel (and logged); one that never leaves is given up.
        askingWriteAccess: {
          tags: ['busy', 'writeAccess'],
          entry: assign({ writeAccessError: null }),
          invoke: {
            id: 'askWriteAccess',
            src: 'askWriteAccess',
            onDone: 'leavingForWriteAccess',
            onError: {
              target: 'idle',
              actions: [
                { type: 'logError', params: ({ event }) => ({ where: 'calendar consent', error: event.error }) },
                { type: 'recordError', params: ({ event }) => ({ where: 'calendar consent', error: event.error }) },
                { type: 'recordWriteAccessError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        leavingForWriteAccess: {
          tags: ['busy', 'writeAccess'],
          after: {
            signInRedirectTimeout: {
              target: 'idle',
              actions: [
                { type: 'logError', params: { where: 'calendar consent', error: CONSENT_PAGE_NOT_OPENED } },
                { type: 'recordError', params: { where: 'calendar consent', error: CONSENT_PAGE_NOT_OPENED } },
                { type: 'recordWriteAccessError', params: { error: CONSENT_PAGE_NOT_OPENED } },
              ],
            },
          },
        },
      },
    },

    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearUserAndProfile', 'emitSignedOut'] },
        onError: {
          target: 'signedIn',
          actions: [
            { type: 'logError', params: ({ event }) => ({ where: 'sign-out', error: event.error }) },
            { type: 'recordError', params: ({ event }) => ({ where: 'sign-out', error: event.error }) },
          ],
        },
      },
      after: {
        requestTimeout: {
          target: 'signedIn',
          actions: [
            { type: 'logError', params: { where: 'sign-out', error: 'timed out after 10 s' } },
            { type: 'recordError', params: { where: 'sign-out', error: 'timed out after 10 s' } },
          ],
        },
      },
    },
  },
});
