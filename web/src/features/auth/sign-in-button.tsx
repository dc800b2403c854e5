// Every sign-in button of the site starts the provider sign-in (spec §2).
import { GoogleIcon } from '../../components/icons.tsx';
import { useAuthActions, useAuthView } from './auth-context.tsx';

export interface SignInButtonProps {
  children: string;
  variant?: 'google' | 'primary' | 'light';
  /** Where to come back to after signing in (default: the home page, which shows the dashboard). */
  returnPath?: string;
  className?: string;
}

export function SignInButton({ children, variant = 'google', returnPath, className }: SignInButtonProps) {
  const { signIn } = useAuthActions();
  const { busy } = useAuthView();
  const classes = ['button', `button--${variant}`, className].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} onClick={() => signIn(returnPath)} aria-disabled={busy || undefined}>
      {variant === 'google' ? <GoogleIcon /> : null}
      <span>{children}</span>
    </button>
  );
}
