// Shown on a protected route to a signed-out visitor. The visitor is sent straight to the provider
// sign-in (which comes back to the route); if they cancelled there a moment ago, this page offers the
// sign-in instead, so a cancelled sign-in can never loop back to the provider.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { appMillis } from '../../app/clock.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useAuthActions } from './auth-context.tsx';
import { SignInButton } from './sign-in-button.tsx';

const AUTO_SIGN_IN_KEY = 'homerounds:auto-sign-in-at';
/** After an automatic redirect, the next visit within this window shows the page instead. */
export const AUTO_SIGN_IN_GRACE_MS = 120_000;

/** True (and remembered) when this visit may redirect to the provider without asking. */
export function claimAutoSignIn(now: number = appMillis()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(AUTO_SIGN_IN_KEY));
    if (last && now - last < AUTO_SIGN_IN_GRACE_MS) return false;
    window.sessionStorage.setItem(AUTO_SIGN_IN_KEY, String(now));
    return true;
  } catch {
    // Without storage a loop could not be detected: ask instead.
    return false;
  }
}

export function SignInRequired({ returnPath }: { returnPath: string }) {
  useDocumentTitle('Sign in · HomeRounds');
  const { signIn } = useAuthActions();
  useEffect(() => {
    if (claimAutoSignIn()) signIn(returnPath);
  }, [signIn, returnPath]);
  return (
    <main id="main" className="centered-page">
      <div className="card sign-in-card">
        <h1>Sign in to continue</h1>
        <p>Your dashboard shows your schedule and your AI assistant. Sign in with your Google account to open it.</p>
        <SignInButton returnPath={returnPath}>Sign in with Google</SignInButton>
        <p>
          <Link href="/" className="text-link">
            Back to Home
          </Link>
        </p>
      </div>
    </main>
  );
}
