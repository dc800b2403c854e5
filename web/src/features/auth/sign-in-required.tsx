// Shown on a protected route to a signed-out visitor: remembers the route so the provider sign-in
// comes back to it, and offers the sign-in (no automatic redirect: a cancelled sign-in cannot loop).
import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { SignInButton } from './sign-in-button.tsx';

export function SignInRequired({ returnPath }: { returnPath: string }) {
  useDocumentTitle('Sign in · HomeRounds');
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
