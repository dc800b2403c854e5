// Header of signed-in pages: product name and the user menu (spec §2).
import { Link } from 'wouter';
import { UserMenu } from '../../components/user-menu.tsx';
import { useAuthActions, useAuthView } from './auth-context.tsx';

export function SignedInHeader() {
  const view = useAuthView();
  const { signOut } = useAuthActions();
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        HomeRounds
      </Link>
      <UserMenu
        displayName={view.displayName}
        email={view.email}
        avatarUrl={view.avatarUrl}
        onSignOut={signOut}
        signingOut={view.state === 'signingOut'}
      />
    </header>
  );
}
