// The auth machine as the specification describes it (§2 guard, §4 Auth, §8 error catalogue), written
// without looking at the chart: after each step of every generated path, what the UI may show (the
// view) and which port calls may have been made. A wrong transition the chart's own graph would
// replay happily breaks one of these.
import { toAuthView } from '../../../machines/auth/auth.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

export const authOracle: StepOracle = ({ event, before, after, started }) => {
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

  // Signed in means a user; busy means signing in or out; loading means the session or profile is pending.
  expect(!view.signedIn || view.userId !== null, 'signed in without a user');
  expect(!(view.loading && view.signedIn), 'loading and signed in at once');
  if (after.matches('signedOut')) expect(view.userId === null && !view.busy, 'signed out but a user or work remains');

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
        expect(view.avatarUrl === null, 'no profile must mean an empty profile');
      break;
    case `${DONE}signOut`:
      // Sign-out success: a signed-out visitor.
      expect(
        after.matches('signedOut') && !view.signedIn && view.userId === null,
        'a finished sign-out must leave a signed-out visitor',
      );
      break;
    case `${ERROR}signOut`:
      // §8: a sign-out failure is logged only; the user stays signed in.
      expect(view.signedIn, 'a failed sign-out keeps the user signed in');
      break;
    case `${ERROR}startSignIn`:
      expect(after.matches('signedOut') && !view.busy, 'a failed sign-in leaves a signed-out visitor');
      break;
    case 'auth.changed': {
      const user = (event as { user?: unknown }).user;
      if (user === null) expect(view.userId === null && !view.signedIn, 'SIGNED_OUT clears the user');
      else expect(view.userId !== null, 'SIGNED_IN sets the user');
      break;
    }
    case 'auth.signIn':
      if (was && !was.signedIn && !was.loading && !was.busy) {
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
    case `${DONE}startSignIn`:
      // The browser is leaving for the provider: still busy, nobody signed in yet.
      expect(view.busy && !view.signedIn && view.userId === null, 'while the provider page opens, progress shows');
      break;
    default:
      if (event.type.startsWith('xstate.after.')) expect(!view.loading, 'a timeout ends loading (10 s rule)');
  }
  return problems;
};
