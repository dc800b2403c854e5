// The auth machine as the specification describes it (§2 guard, §4 Auth, §8 error catalogue), written
// without looking at the chart: after each step of every generated path, what the UI may show (the
// view) and which port calls may have been made. A wrong transition the chart's own graph would
// replay happily breaks one of these.
import type { AnyMachineSnapshot } from 'xstate';
import { toAuthView } from '../../../machines/auth/auth.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/**
 * §8: "Sign-in / sign-out — failure — logged to the console only"; "Session / profile — error — logged";
 * §4/§9: loading is forced false after 10 seconds. Which failure a step is, by the operation it names.
 */
function failureOf(event: { type: string }, before: AnyMachineSnapshot | null): RegExp | null {
  if (event.type === `${ERROR}restoreSession`) return /session/i;
  if (event.type === `${ERROR}loadProfile`) return /profile/i;
  if (event.type === `${ERROR}startSignIn`) return /sign-in/i;
  if (event.type === `${ERROR}signOut`) return /sign-out/i;
  // The auth-change subscription failing is a session error (§8: logged; the user keeps what they see).
  if (event.type === `${ERROR}watchAuthChanges`) return /auth changes/i;
  // The refresh token's hand-over to the server and the consent to calendar changes: logged like the rest.
  if (event.type === `${ERROR}handOverGoogleAccess`) return /Google hand-over/;
  if (event.type === `${ERROR}askWriteAccess`) return /calendar consent/;
  if (!event.type.startsWith(AFTER) || !before) return null;
  if (before.matches('restoring')) return /loading/i;
  if (before.matches({ signedIn: 'handingOver' })) return /Google hand-over/;
  if (before.matches({ signedIn: 'leavingForWriteAccess' })) return /calendar consent/;
  if (before.matches('redirecting') || before.matches({ signedIn: 'redirectingAgain' })) return /sign-in/i;
  if (before.matches('signingOut')) return /sign-out/i;
  return /profile/i;
}

export const authOracle: StepOracle = ({ event, before, after, started, logged, emitted }) => {
  const problems: string[] = [];
  const view = toAuthView(after as never);
  const was = before ? toAuthView(before as never) : null;
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  // Port calls happen only when the specification says so.
  if (started.includes('startSignIn')) expect(event.type === 'auth.signIn', 'sign-in started without the user asking');
  if (started.includes('signOut')) expect(event.type === 'auth.signOut', 'sign-out started without the user asking');
  if (started.includes('restoreSession')) expect(event.type === 'xstate.init', 'the session is restored only at start');
  if (started.includes('loadProfile')) expect(view.userId !== null, 'a profile is loaded only for a user');
  if (started.includes('askWriteAccess'))
    expect(event.type === 'auth.allowCalendarChanges', 'calendar consent asked without the clinician asking');
  // Google access goes to the server as a session begins, never before it is known, never while signed out.
  if (started.includes('handOverGoogleAccess')) expect(view.signedIn && !view.loading, 'hand-over outside a session');
  if (view.askingWriteAccess) expect(view.signedIn && view.busy, 'consent is asked only by a signed-in clinician');

  // The face leaves the signed-in pages exactly when a signed-in session ends (here or in another tab).
  const ended = (was?.signedIn ?? false) && !view.signedIn;
  const told = emitted.filter((e) => e.type === 'auth.signedOut').length;
  expect(told === (ended ? 1 : 0) && emitted.length === told, `auth.signedOut once when a session ends (${told})`);

  // Signed in means a user; busy means signing in or out; loading means the session or profile is pending.
  expect(!view.signedIn || view.userId !== null, 'signed in without a user');
  expect(!(view.loading && view.signedIn), 'loading and signed in at once');
  if (after.matches('signedOut')) expect(view.userId === null && !view.busy, 'signed out but a user or work remains');

  // §8: every failure is logged, naming what failed and why; nothing else is; the user sees no message.
  const failure = failureOf(event, before);
  const lastError = (after.context as { lastError: string | null }).lastError;
  const lastErrorBefore = before ? (before.context as { lastError: string | null }).lastError : null;
  if (failure) {
    const cause = event.type.startsWith(ERROR)
      ? (event.error as Error).message
      : event.type.startsWith(AFTER) && !/sign-in|consent/.test(String(failure))
        ? 'timed out'
        : '';
    // The place is named outside the cause ("profile query failed" does not say it was the profile).
    const line = logged.find((text) => text.includes(cause) && failure.test(text.replace(cause, '')));
    expect(logged.length === 1 && line !== undefined, `a failure must be logged once, with its cause (${logged})`);
    // The last error kept in the snapshot is the line logged: "<what failed>: <cause>".
    const [what = '', ...why] = (lastError ?? '').split(': ');
    const kept = why.join(': ');
    expect(
      failure.test(what) && kept.length > 0 && kept.includes(cause) && (line?.includes(what) ?? false),
      `the failure kept must be the one logged (${lastError})`,
    );
    if (line) expect(line.includes(kept), `the failure kept must be the one logged (${lastError})`);
  } else {
    expect(logged.length === 0, `only failures are logged (${logged})`);
    expect(lastError === lastErrorBefore, 'only a failure changes the last error');
  }

  switch (event.type) {
    case `${ERROR}restoreSession`:
      // §4/§8: a session error is logged; the visitor is simply signed out (landing page), nothing starts.
      expect(
        !view.loading && !view.signedIn && !view.busy && view.userId === null,
        'a session error must leave a signed-out visitor',
      );
      expect(after.matches('signedOut'), 'a session error must lead to signed out');
      break;
    case `${DONE}restoreSession`:
      if (event.output === null)
        expect(after.matches('signedOut') && !view.loading, 'no session: signed out, loading done');
      else expect(view.loading && view.userId !== null, 'a session: the user is set and the profile loads');
      break;
    case `${DONE}loadProfile`:
    case `${ERROR}loadProfile`:
      // §4: a missing profile (PGRST116) or a profile error leaves the profile empty; the user stays signed in.
      expect(view.signedIn && !view.loading, 'after the profile load the user is signed in');
      if (event.type.startsWith(ERROR) || event.output === null)
        expect(after.context.profile === null, 'no profile must mean an empty profile');
      else expect(after.context.profile === event.output, 'the profile loaded is the one shown');
      break;
    case `${DONE}signOut`:
      // Sign-out success: a signed-out visitor.
      expect(
        after.matches('signedOut') && !view.signedIn && view.userId === null,
        'a finished sign-out must leave a signed-out visitor',
      );
      break;
    case `${ERROR}signOut`:
      // §8: a sign-out failure is logged only; the user stays signed in, and the progress ends.
      expect(view.signedIn && !view.busy, 'a failed sign-out keeps the user signed in');
      break;
    case `${ERROR}startSignIn`:
      // §8: a sign-in failure is logged only: the visitor is where they were, signed out or (signing in
      // again for the calendar, §8 "Please sign in again") still signed in.
      expect(!view.busy && view.signedIn === (was?.signedIn ?? false), 'a failed sign-in leaves things as they were');
      if (!was?.signedIn) expect(after.matches('signedOut'), 'a failed sign-in leaves a signed-out visitor');
      break;
    case 'auth.changed': {
      // §4: an auth change event sets the user and reloads or clears the profile.
      const user = (event as { user?: { id: string } | null }).user ?? null;
      if (user === null) {
        expect(view.userId === null && !view.signedIn && after.context.profile === null, 'SIGNED_OUT clears the user');
        expect(!view.loading && !view.busy && after.matches('signedOut'), 'SIGNED_OUT leaves a signed-out visitor');
      } else {
        expect(view.userId === user.id, 'SIGNED_IN sets the user');
        expect(started.includes('loadProfile'), 'an auth change with a user reloads the profile');
        // §2: the spinner stays while the auth state loads; a change during the load is not its result yet.
        if (was?.loading) expect(view.loading, 'an auth change during the initial load keeps the spinner');
        else expect(view.signedIn && !view.busy, 'an auth change with a user signs the user in');
      }
      break;
    }
    case 'auth.signIn':
      if (was && !was.loading && !was.busy) {
        expect(
          view.busy && started.includes('startSignIn'),
          'signing in starts the provider sign-in and shows progress',
        );
      }
      break;
    case 'auth.signOut':
      if (was?.signedIn && !was.busy) {
        expect(view.busy && started.includes('signOut'), 'signing out calls sign-out and shows progress');
        expect(view.userId === was.userId, 'the user stays until the sign-out finishes');
      }
      break;
    case 'auth.allowCalendarChanges':
      if (was?.signedIn && !was.busy && !was.loading) {
        expect(
          view.askingWriteAccess && started.includes('askWriteAccess') && view.writeAccessError === null,
          'allowing calendar changes asks Google for consent, with no earlier failure shown',
        );
      } else expect(started.length === 0, 'allowing calendar changes does nothing while other work is under way');
      break;
    case `${ERROR}askWriteAccess`:
      // The assistant panel says why, under its button; the clinician stays signed in and may ask again.
      expect(
        view.signedIn &&
          !view.askingWriteAccess &&
          view.writeAccessError === `Could not ask for calendar changes: ${(event.error as Error).message}`,
        `a failed consent is said in the panel (${view.writeAccessError})`,
      );
      break;
    case `${DONE}startSignIn`:
      // The browser is leaving for the provider: still busy; nobody new is signed in yet.
      expect(view.busy && view.userId === (was?.userId ?? null), 'while the provider page opens, progress shows');
      break;
    default:
      if (event.type.startsWith(AFTER)) {
        expect(!view.loading && !view.busy, 'a timeout ends loading (10 s rule) and the work in progress');
        // A hanging sign-out keeps the user; a hanging profile reload leaves the profile empty.
        if (before?.matches('signingOut')) expect(view.signedIn, 'a sign-out that hangs keeps the user signed in');
        if (before?.matches({ signedIn: 'loadingProfile' }))
          expect(view.signedIn && after.context.profile === null, 'a profile reload that hangs leaves it empty');
        if (before?.matches('redirecting')) expect(after.matches('signedOut'), 'a sign-in that never left fails');
        if (before?.matches({ signedIn: 'redirectingAgain' }))
          expect(view.signedIn, 'signing in again that never left keeps the user signed in');
        if (before?.matches({ signedIn: 'leavingForWriteAccess' }))
          expect(
            view.signedIn &&
              view.writeAccessError === 'Could not ask for calendar changes: the consent page did not open',
            'a consent page that never opened is said in the panel',
          );
      }
  }
  return problems;
};
